package storagetest

import (
	"encoding/json"
	"fmt"
)

// Snapshot returns deterministic JSON of about size bytes, shaped like a
// board-game state (players, a board of locations, a deck), for benchmarks.
func Snapshot(size int) []byte {
	type player struct {
		Seat   int      `json:"seat"`
		Money  int      `json:"money"`
		Income int      `json:"income"`
		VP     int      `json:"vp"`
		Hand   []string `json:"hand"`
		Tiles  []int    `json:"tiles"`
	}
	type loc struct {
		ID      string `json:"id"`
		Owner   int    `json:"owner"`
		Kind    string `json:"kind"`
		Level   int    `json:"level"`
		Cubes   int    `json:"cubes"`
		Flipped bool   `json:"flipped"`
	}
	st := struct {
		Version int      `json:"version"`
		Round   int      `json:"round"`
		Players []player `json:"players"`
		Board   []loc    `json:"board"`
		Deck    []string `json:"deck"`
	}{Version: 1, Round: 4}
	for i := range 4 {
		st.Players = append(st.Players, player{Seat: i, Money: 17 + i, Income: i - 2, VP: 3 * i,
			Hand: []string{"manchester", "cotton", "bolton", "port"}, Tiles: []int{1, 1, 2, 2, 3, 3, 4}})
	}
	for i := 0; ; i++ {
		b, _ := json.Marshal(st)
		if len(b) >= size {
			return b
		}
		if i%3 == 0 {
			st.Deck = append(st.Deck, fmt.Sprintf("card-%03d", i))
			continue
		}
		st.Board = append(st.Board, loc{ID: fmt.Sprintf("town-%03d@%d", i, i%4+1), Owner: i % 4, Kind: "cotton", Level: i%4 + 1, Cubes: i % 5})
	}
}
