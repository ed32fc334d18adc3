package smokyvalley

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/smokestack/smokestack/engine"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// TestHiddenStacksSameImages: two positions that differ only in what lies
// face down (the order of each stack on its own, the pieces removed unseen
// at set-up, the ships' destinations, Determinize) give the spectator and
// the seats (in turn) the same PNG bytes. The engine's TestHiddenStacksDoNotLeak
// checks the views, status and choices the same way.
func TestHiddenStacksSameImages(t *testing.T) {
	r, _ := New()
	names := []string{"alice", "bob", "carol", "dave"}
	varied := 0
	for _, c := range []struct {
		seats int
		seed  uint64
		moves int
	}{{2, 3, 40}, {3, 4, 400}, {4, 5, 3000}} {
		st := playedState(t, c.seats, c.seed, c.moves)
		g := sv.New()
		images := func(st *sv.State, seat int) []render.Image {
			imgs, err := r.Images(render.Scene{View: g.View(st, seat), Seat: seat, Names: names[:c.seats]})
			if err != nil {
				t.Fatal(err)
			}
			return imgs
		}
		want := map[int][]render.Image{}
		for seat := engine.Spectator; seat < c.seats; seat++ {
			want[seat] = images(st, seat)
		}
		// each variant against the spectator's images and one seat's, the
		// seats in turn
		for k, v := range faceDownVariants(t, st) {
			varied++
			for _, seat := range []int{engine.Spectator, k % c.seats} {
				got := images(v.st, seat)
				for i := range got {
					if !bytes.Equal(got[i].PNG, want[seat][i].PNG) {
						t.Errorf("%d seats, %s: seat %d's %s differs", c.seats, v.name, seat, got[i].Name)
					}
				}
			}
		}
	}
	t.Logf("%d variants", varied)
	if varied < 12 {
		t.Fatalf("only %d variants", varied)
	}
}

type variant struct {
	name string
	st   *sv.State
}

// faceDownVariants: st with each face-down stack reversed on its own (the
// ships' destinations reversed), the removed pieces swapped with stacked
// ones, and three Determinize reshuffles; only those that differ.
func faceDownVariants(t *testing.T, st *sv.State) []variant {
	orig, _ := json.Marshal(st)
	var out []variant
	add := func(name string, f func(n *sv.State)) {
		b, _ := json.Marshal(st)
		var n sv.State
		if err := json.Unmarshal(b, &n); err != nil {
			t.Fatal(err)
		}
		f(&n)
		if nb, _ := json.Marshal(&n); !bytes.Equal(nb, orig) {
			out = append(out, variant{name, &n})
		}
	}
	add("services reversed", func(n *sv.State) { slices.Reverse(n.ServiceStack) })
	add("removed services swapped", func(n *sv.State) {
		if len(n.ServiceOut) > 0 && len(n.ServiceStack) > 0 {
			n.ServiceOut[0], n.ServiceStack[0] = n.ServiceStack[0], n.ServiceOut[0]
		}
	})
	for e := range len(st.CanalStack) {
		add(fmt.Sprintf("canal stack %d reversed", e), func(n *sv.State) { slices.Reverse(n.CanalStack[e]) })
	}
	for d := range len(st.CardStack) {
		add(fmt.Sprintf("card stack %d reversed", d), func(n *sv.State) { slices.Reverse(n.CardStack[d]) })
	}
	for k := range len(st.ShipStack) {
		add(fmt.Sprintf("ship stack %d reversed", k), func(n *sv.State) {
			for i, j := 0, len(n.ShipStack[k])-1; i < j; i, j = i+1, j-1 {
				n.ShipStack[k][i].Market, n.ShipStack[k][j].Market = n.ShipStack[k][j].Market, n.ShipStack[k][i].Market
			}
		})
	}
	for seed := range uint64(3) {
		rng := engine.NewRNG(seed, 1)
		p := sv.New().Determinize(st, 0, &rng).(*sv.State)
		if b, _ := json.Marshal(p); !bytes.Equal(b, orig) {
			out = append(out, variant{fmt.Sprintf("Determinize %d", seed), p})
		}
	}
	return out
}
