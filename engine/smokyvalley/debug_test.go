package smokyvalley

import (
	"fmt"
	"sort"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

func TestDebugKinds(t *testing.T) {
	g := New()
	kinds := map[string]int{}
	for i := range 30 {
		rec, err := enginetest.Playout(g, enginetest.Config{Seats: []int{2, 3, 4}, Seed: 5, ReplayEvery: -1, ViewEvery: -1}, i)
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(g, rec)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.Events() {
			kinds[e.Kind]++
			if e.Kind == "prestige" {
				kinds["why:"+e.Data["why"]]++
			}
		}
		if i == 0 {
			fmt.Println(string(rec.Format()))
			st := res.State.(*State)
			for s, p := range st.Players {
				fmt.Println(s, p.Prestige)
			}
		}
	}
	var ks []string
	for k := range kinds {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Println(k, kinds[k])
	}
}
