package brass

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

// stateV1 is the layout of state version 1: the same keys, with cards,
// link owners and distant-market tiles as arrays of numbers.
type stateV1 struct {
	V            int           `json:"v"`
	N            int           `json:"n"`
	LinkAll      bool          `json:"linkAll,omitempty"`
	TieCash      bool          `json:"tieCash,omitempty"`
	Period       period        `json:"period"`
	Round        int           `json:"round"`
	Order        []int         `json:"order"`
	Turn         int           `json:"turn"`
	Actions      int           `json:"actions"`
	Mode         mode          `json:"mode"`
	Debtor       int           `json:"debtor"`
	Owed         int           `json:"owed,omitempty"`
	Deck         []int         `json:"deck"`
	Removed      []int         `json:"removed"`
	Hands        [][]int       `json:"hands"`
	Discards     []int         `json:"discards"`
	Spaces       spaceList     `json:"spaces"`
	Links        []int         `json:"links"`
	Coal         int           `json:"coal"`
	Iron         int           `json:"iron"`
	Cotton       int           `json:"cotton"`
	Tiles        []int         `json:"tiles"`
	LastTile     int           `json:"lastTile"`
	Players      []playerState `json:"players"`
	Bank         int           `json:"bank"`
	Moves        int           `json:"moves"`
	Ranking      []int         `json:"ranking,omitempty"`
	TieBreak     string        `json:"tieBreak,omitempty"`
	RailDeckPin  []int         `json:"railDeckPin,omitempty"`
	RailTilesPin []int         `json:"railTilesPin,omitempty"`
	RNG          engine.RNG    `json:"rng"`
}

func asV1(st *state) stateV1 {
	v := stateV1{V: 1, N: st.N, LinkAll: st.LinkAll, TieCash: st.TieCash, Period: st.Period, Round: st.Round,
		Order: st.Order, Turn: st.Turn, Actions: st.Actions, Mode: st.Mode, Debtor: st.Debtor, Owed: st.Owed,
		Deck: st.Deck, Removed: st.Removed, Discards: st.Discards, Spaces: st.Spaces, Links: st.Links,
		Coal: st.Coal, Iron: st.Iron, Cotton: st.Cotton, Tiles: st.Tiles, LastTile: st.LastTile,
		Players: st.Players, Bank: st.Bank, Moves: st.Moves, Ranking: st.Ranking, TieBreak: st.TieBreak,
		RailDeckPin: st.RailDeckPin, RailTilesPin: st.RailTilesPin, RNG: st.RNG}
	for _, h := range st.Hands {
		v.Hands = append(v.Hands, h)
	}
	return v
}

// Snapshots written before version 2 (number arrays, encoding/json's
// layout) decode to the same position, and re-encode as version 2.
func TestStateV1StillDecodes(t *testing.T) {
	g := Game{}
	sts := codecStates(t)
	for _, seats := range []int{3, 4} {
		s, _, err := g.Setup(engine.Setup{Seats: seats, Seed: 5, Options: map[string]string{OptLinkScoring: "all"},
			Pins: map[string]string{PinRailTiles: "4,3,3,3,2,2,2,2,1,1,0,0"}})
		if err != nil {
			t.Fatal(err)
		}
		sts = append(sts, s.(*state))
	}
	over, _ := randomGame(t, 3, 17)
	sts = append(sts, over)
	for i, st := range sts {
		v1, err := json.Marshal(asV1(st))
		if err != nil {
			t.Fatal(err)
		}
		back, err := g.UnmarshalState(v1)
		if err != nil {
			t.Fatalf("state %d: version 1 does not decode: %v\n%s", i, err, v1)
		}
		// Version 1 predates the record of the latest turn's changes.
		st = st.clone()
		st.RecentTurn, st.RecentSpaces, st.RecentLinks = 0, nil, nil
		st.Drawn = 0 // nor the count of tiles drawn this period
		want, _ := g.MarshalState(st)
		got, _ := g.MarshalState(back)
		if string(got) != string(want) {
			t.Fatalf("state %d: version 1 decodes differently:\n got %s\nwant %s", i, got, want)
		}
		if !strings.HasPrefix(string(want), `{"v":2,`) {
			t.Fatalf("state %d: not written as version 2: %.20s", i, want)
		}
	}
}

// The reader takes what JSON tools write: keys in any order, spaces,
// escapes, unknown keys, numbers from float64 values.
func TestStateJSONFromOtherWriters(t *testing.T) {
	g := Game{}
	for _, st := range codecStates(t)[:5] {
		want, _ := g.MarshalState(st)
		var doc map[string]any
		if err := json.Unmarshal(want, &doc); err != nil {
			t.Fatal(err)
		}
		doc["extra"] = map[string]any{"a": []any{1.5, "x\n", nil, true}}
		// RNG words above 2^53 lose precision as float64: put them back exactly.
		doc["rng"] = json.RawMessage(`{"i": 7, "s" : 1234567890123456789}`)
		other, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		back, err := g.UnmarshalState(other)
		if err != nil {
			t.Fatalf("re-written state does not decode: %v", err)
		}
		bs := back.(*state)
		if bs.RNG.State != 1234567890123456789 || bs.RNG.Inc != 7 {
			t.Fatalf("rng %+v", bs.RNG)
		}
		bs.RNG = st.RNG
		if got, _ := g.MarshalState(bs); string(got) != string(want) {
			t.Fatalf("re-written state decodes differently:\n got %s\nwant %s", got, want)
		}
	}
}

// Damaged snapshots are refused with an error, never a panic, and only a
// wrong version is reported as one.
func TestStateJSONDamage(t *testing.T) {
	g := Game{}
	good, _ := g.MarshalState(codecStates(t)[3])
	cases := []struct {
		name, data string
		version    bool
	}{
		{"empty", "", false},
		{"not json", "not json", false},
		{"no version", "{}", true},
		{"future version", `{"v":3,"n":4}`, true},
		{"future version, other layout", `{"v":3,"deck":{"x":1}}`, true},
		{"trailing data", string(good) + " x", false},
		{"truncated", string(good[:len(good)/2]), false},
		{"unknown card", strings.Replace(string(good), `"deck":"`, `"deck":"nowhere `, 1), false},
		{"bad link owner", strings.Replace(string(good), `"links":"`, `"links":"x`, 1), false},
		{"bad tile", strings.Replace(string(good), `"tiles":"`, `"tiles":"9`, 1), false},
		{"deep nesting", `{"v":2,"x":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`, false},
		{"string number", strings.Replace(string(good), `"coal":`, `"coal":"1",`+`"x":`, 1), false},
		{"fraction", strings.Replace(string(good), `"bank":`, `"bank":1.5,"y":`, 1), false},
	}
	for _, c := range cases {
		_, err := g.UnmarshalState([]byte(c.data))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if errors.Is(err, engine.ErrStateVersion) != c.version {
			t.Errorf("%s: %v (version error: %v)", c.name, err, errors.Is(err, engine.ErrStateVersion))
		}
	}
}

// FuzzUnmarshalState runs the suite's state fuzz target (any input decodes
// or fails cleanly; what decodes re-encodes byte-stably and can be read
// without panicking) with version 1 encodings in the corpus.
func FuzzUnmarshalState(f *testing.F) {
	var seeds [][]byte
	for _, st := range codecStates(f)[:3] {
		b, _ := Game{}.MarshalState(st)
		v1, _ := json.Marshal(asV1(st))
		seeds = append(seeds, b, v1)
	}
	seeds = append(seeds, []byte(`{"v":2}`))
	enginetest.FuzzState(f, Game{}, seeds)
}

// A view's slices share backing arrays (a few allocations per view), but
// appending to one of them never writes into its neighbour.
func TestViewSlicesIndependent(t *testing.T) {
	st := codecStates(t)[5]
	v := Game{}.View(st, 0).(View)
	before, _ := json.Marshal(v)
	w := Game{}.View(st, 0).(View)
	for i := range w.Places {
		for j := range w.Places[i].Spaces {
			w.Places[i].Spaces[j].Allowed = append(w.Places[i].Spaces[j].Allowed, "x")
		}
		w.Places[i].Spaces = append(w.Places[i].Spaces, SpaceView{})
	}
	for i := range w.PlayerViews {
		w.PlayerViews[i].NextTiles = append(w.PlayerViews[i].NextTiles, NextTile{Industry: "x"})
	}
	w.Places, w.PlayerViews = nil, nil
	if after, _ := json.Marshal(v); string(after) != string(before) {
		t.Fatal("building another view changed this one")
	}
	for i, p := range (Game{}).View(st, 0).(View).Places {
		if len(p.Spaces) != len(theBoard().places[i].Spaces) {
			t.Fatalf("place %s has %d spaces", p.ID, len(p.Spaces))
		}
	}
}
