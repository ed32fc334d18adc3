package brass

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// The scoring categories (engine.Info.Scoring), indexes of
// playerState.VPBy.
const (
	scoreCanalLinks = iota
	scoreCanalIndustries
	scoreRailLinks
	scoreRailIndustries
	scoreMoney
	numScoring
)

var scoring = sync.OnceValue(func() []engine.ScoringCategory {
	return []engine.ScoringCategory{
		{Key: "canal-links", Label: en("scoring.canal-links")},
		{Key: "canal-industries", Label: en("scoring.canal-industries")},
		{Key: "rail-links", Label: en("scoring.rail-links")},
		{Key: "rail-industries", Label: en("scoring.rail-industries")},
		{Key: "money", Label: en("scoring.money")},
	}
})

// breakdown is a seat's score by scoring category.
func (p *playerState) breakdown() []engine.Stat {
	by := make(map[string]int, numScoring)
	for i, c := range scoring() {
		by[c.Key] = p.VPBy[i]
	}
	return engine.ScoreBreakdown(scoring(), by, p.VP)
}

// linkValue is what one link between a and b scores.
// Rulebook, Phase III: a link scores one point per gold circle at its two
// ends: each flipped industry counter there (anyone's) and the pair printed
// on each external location and on Blackpool, Southport and Northwich. With
// the option link-scoring=all every counter counts, flipped or not.
func (st *state) linkValue(li int) int {
	l := &theBoard().links[li]
	return st.placeCircles(l.a) + st.placeCircles(l.b)
}

func (st *state) placeCircles(p int) int {
	pl := &theBoard().places[p]
	v := pl.LinkVP
	for i := range pl.Spaces {
		t := &st.Spaces[pl.firstSpace+i]
		if t.Owner >= 0 && (t.Flipped || st.LinkAll) {
			v++
		}
	}
	return v
}

// scorePeriod runs Phase III.
// Rulebook, Phase III Victory points: links, then flipped counters (their
// printed VP; unflipped counters score nothing).
func (st *state) scorePeriod(evs *[]engine.Event) {
	links, tiles := st.periodScore()
	for seat := 0; seat < st.N; seat++ {
		st.Players[seat].VP += links[seat] + tiles[seat]
		l, t := scoreCanalLinks, scoreCanalIndustries
		if st.Period != periodCanal {
			l, t = scoreRailLinks, scoreRailIndustries
		}
		st.Players[seat].VPBy[l] += links[seat]
		st.Players[seat].VPBy[t] += tiles[seat]
		*evs = append(*evs, event(seat, "score", "score",
			"links", strconv.Itoa(links[seat]), "industries", strconv.Itoa(tiles[seat]), "vp", strconv.Itoa(st.Players[seat].VP)))
	}
}

// periodScore is what Phase III would score now, per seat: links and
// flipped industries.
func (st *state) periodScore() (links, tiles []int) {
	links = make([]int, st.N)
	tiles = make([]int, st.N)
	for li, o := range st.Links {
		if o >= 0 {
			links[o] += st.linkValue(li)
		}
	}
	for si := range st.Spaces {
		t := &st.Spaces[si]
		if t.Owner >= 0 && t.Flipped {
			tiles[t.Owner] += theBoard().specs[t.Ind][t.Level].VP
		}
	}
	return links, tiles
}

// projected is each seat's VP if the period ended now: its VP so far plus
// what Phase III would score (its VP when the game is over): links and
// flipped industries and, in the rail period, the cash VP that finish
// adds (Rulebook, Phase III Victory points: at the end of the Rail Period
// 1 VP per full £10).
func (st *state) projected() []int { return st.projectedVP(true) }

// projectedVP is projected, with the rail period's cash VP or without it.
func (st *state) projectedVP(cash bool) []int {
	out := make([]int, st.N)
	if st.Mode == modeOver {
		for s := range out {
			out[s] = st.Players[s].VP
		}
		return out
	}
	links, tiles := st.periodScore()
	for s := range out {
		out[s] = st.Players[s].VP + links[s] + tiles[s]
		if cash && st.Period == periodRail {
			out[s] += cashVP(st.Players[s].Money)
		}
	}
	return out
}

// cashVP is what money scores at the end of the rail period: 1 VP per
// full £10 (money is never negative).
func cashVP(money int) int { return money / 10 }

// endPeriod runs Phases III and IV.
func (st *state) endPeriod(evs *[]engine.Event) {
	*evs = append(*evs, event(engine.Public, "period-end", "period-end."+st.Period.String()))
	st.scorePeriod(evs)
	if st.Period == periodRail {
		st.finish(evs)
		return
	}
	// Rulebook, Phase IV: canals and level-1 counters leave the board with
	// their cubes (income stays); link counters go back to their owners;
	// the distant market tiles are reshuffled and cotton demand reset.
	for li := range st.Links {
		st.Links[li] = -1
	}
	removed := 0
	for si := range st.Spaces {
		if st.Spaces[si].Owner >= 0 && st.Spaces[si].Level == 1 {
			st.Spaces[si] = spaceTile{Owner: -1}
			removed++
		}
	}
	for seat := range st.Players {
		st.Players[seat].LinksLeft = theBoard().rules.LinksPerPeriod
	}
	*evs = append(*evs, event(engine.Public, "maintenance", "maintenance", lang.CountKey, strconv.Itoa(removed)))
	st.Period = periodRail
	st.Round = 0
	st.Cotton = 0
	st.LastTile, st.Drawn = -1, 0
	st.Tiles = st.shuffledTiles(st.RailTilesPin, evs)
	st.RailTilesPin = nil
	// Phase I again: all cards are shuffled and dealt, then the rail removals.
	deck := st.RailDeckPin
	st.RailDeckPin = nil
	st.Discards = nil
	st.Removed = nil
	st.Deck = nil
	st.dealPeriod(deck, evs)
	st.startRound(evs)
}

// finish ends the game.
// Rulebook, Phase III (rail): 1 VP per full £10; ENDING THE GAME: ties go
// to the higher income, then more cash, then the earlier seat in the next
// order of play (option tiebreak=cash skips income, as the French summary).
func (st *state) finish(evs *[]engine.Event) {
	for seat := range st.Players {
		p := &st.Players[seat]
		bonus := cashVP(p.Money)
		p.VP += bonus
		p.VPBy[scoreMoney] += bonus
		*evs = append(*evs, event(seat, "money-vp", "money-vp", "vp", strconv.Itoa(p.VP), "bonus", strconv.Itoa(bonus), "money", strconv.Itoa(p.Money)))
	}
	st.Mode = modeOver
	st.Actions = 0
	orderPos := make([]int, st.N)
	for i, s := range st.Order {
		orderPos[s] = i
	}
	rank := slices.Clone(st.Order)
	used := map[string]bool{}
	cmp := func(a, b int) int {
		pa, pb := &st.Players[a], &st.Players[b]
		if pa.VP != pb.VP {
			return pb.VP - pa.VP
		}
		if !st.TieCash {
			if ia, ib := st.income(a), st.income(b); ia != ib {
				used["income"] = true
				return ib - ia
			}
		}
		if pa.Money != pb.Money {
			used["money"] = true
			return pb.Money - pa.Money
		}
		used["order"] = true
		return orderPos[a] - orderPos[b]
	}
	slices.SortStableFunc(rank, cmp)
	st.Ranking = rank
	var how []string
	for _, k := range []string{"income", "money", "order"} {
		if used[k] {
			how = append(how, k)
		}
	}
	if len(how) > 0 {
		st.TieBy = strings.Join(how, ",")
	}
	kv := []string{"ranking", orderString(rank)}
	for i, s := range rank {
		kv = append(kv, "seat"+itoa(i+1), itoa(s), "vp"+itoa(i+1), itoa(st.Players[s].VP))
	}
	*evs = append(*evs, event(rank[0], "game-end", "game-end."+itoa(len(rank)), kv...))
}

// tieBreakMsg is the message telling what broke ties on VP (State.TieBy):
// "tie-break.vp" with each criterion a flag, "1" when used.
func tieBreakMsg(by string) lang.Msg {
	var kv []string
	used := strings.Split(by, ",")
	for _, k := range []string{"income", "money", "order"} {
		flag := ""
		if slices.Contains(used, k) {
			flag = "1"
		}
		kv = append(kv, k, flag)
	}
	// then1 and then2 join the criteria: after income when more follows,
	// between money and turn order.
	then1, then2 := "", ""
	if slices.Contains(used, "income") && (slices.Contains(used, "money") || slices.Contains(used, "order")) {
		then1 = "1"
	}
	if slices.Contains(used, "money") && slices.Contains(used, "order") {
		then2 = "1"
	}
	kv = append(kv, "then1", then1, "then2", then2)
	return lang.M("tie-break.vp", kv...)
}
