package player

import (
	"context"
	"errors"
	"math"

	"github.com/smokestack/smokestack/engine"
)

// The search: single-observer information-set Monte Carlo tree search
// (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
// Search", IEEE TCIAIG 2012). Every iteration
//
//  1. samples one determinization of the searching seat's information set
//     (Game.Determinize of the real position for that seat, with the
//     search's generator);
//  2. walks down one tree whose edges are complete moves of whichever seat
//     acts, keeping to the moves legal in this sample; among them it picks
//     by UCB1 with availability counts (a move's exploration term counts
//     the visits in which it was legal, not the parent's visits);
//  3. adds one new move when the node may widen (progressive widening: a
//     node visited n times holds at most about 2·√n moves, each found by
//     building a random move through the choices, so huge move lists are
//     sampled rather than listed);
//  4. plays a short random playout (playoutTurns turns, or as many as the
//     game asks for at the level: PlayoutTurner) and scores the
//     leaf with the evaluation (evaluate), one value per seat in [0, 1];
//  5. backs the value up: each node on the path adds the value of the seat
//     that made its move.
//
// The move played is the root's most visited move; a game may split a
// level's budget among several independent searches and play the move
// they visited most together (runSearches, SearchEnsembler). The tree
// holds moves and counters only, never states, and at most maxNodes
// nodes; after that the walk stops at the frontier and plays out from
// there.

const (
	// maxNodes bounds the tree of one search (about 100 bytes per node
	// plus its move's tokens: a few MB at most).
	maxNodes = 50000
	// exploration is the UCB1 constant for values in [0, 1].
	exploration = 0.7
	// widening: a node visited n times may hold ceil(wideningC·√(n+1))
	// moves.
	wideningC = 2.0
	// playoutTurns is how many turns the random playout plays before the
	// leaf is scored unless the game asks for another number at the
	// level (PlayoutTurner, at most maxPlayoutTurns); playoutMoves caps
	// the moves of a playout of playoutTurns turns, and of a longer or
	// shorter one in proportion.
	playoutTurns    = 2
	playoutMoves    = 24
	maxPlayoutTurns = 16
	flatMoves       = 200
	// dupLimit: after this many random moves in a row that the node
	// already held, the node stops trying to widen except on every
	// dupEvery-th visit (its move list is likely complete).
	dupLimit = 4
	dupEvery = 16
)

type node struct {
	actor    int // the seat that made move (at the root: none)
	move     engine.Move
	key      string
	children []*node
	visits   int
	avail    int     // visits of the parent in which move was legal
	value    float64 // sum of actor's values over the visits
	dups     int     // random moves in a row the node already held
}

type search struct {
	g     engine.Game
	st    engine.State // the real position: read only through Determinize
	seat  int
	seats int
	rng   engine.RNG
	nodes int
	// projects: the game projects final scores (Projector), so no
	// position is flat to the evaluation.
	projects bool
	// turns and moves end a playout (playout): its turns, and a cap on
	// its moves in proportion.
	turns, moves int
}

// newSearch prepares a search of seat's move in st whose playouts play
// turns turns (Level.playoutTurnsIn).
func newSearch(g engine.Game, st engine.State, seat int, rng engine.RNG, turns int) *search {
	_, projects := g.(Projector)
	return &search{g: g, st: st, seat: seat, seats: len(g.Status(st).Seats), rng: rng, projects: projects,
		turns: turns, moves: playoutMoves * turns / playoutTurns}
}

// runSearches splits iterations among searches independent searches of
// seat's move in st (SearchEnsembler; the remainder to the first ones),
// whose playouts play turns turns, and returns the move with the most
// root visits over all of them, ties to the higher summed value, then to
// the move found first. The first search draws from the generator Choose
// always used (seed, chooseStream), so a single search is the search of
// old; the k-th from (seed, chooseStream+k). Only the roots' counters
// outlive a search: the memory is one tree's. When ctx ends the searches
// still to come are skipped, but at least one iteration is always made.
// It also returns the iterations made: fewer than iterations when ctx cut
// the searches.
func runSearches(ctx context.Context, g engine.Game, st engine.State, seat int, seed uint64, iterations, searches, turns int) (engine.Move, int, error) {
	type tally struct {
		move   engine.Move
		visits int
		value  float64
	}
	var order []*tally
	byKey := map[string]*tally{}
	done := 0
	for k := range searches {
		if k > 0 && ctx.Err() != nil {
			break
		}
		n := iterations / searches
		if k < iterations%searches {
			n++
		}
		root, made, err := newSearch(g, st, seat, engine.NewRNG(seed, chooseStream+uint64(k)), turns).run(ctx, n)
		if err != nil {
			return nil, done, err
		}
		done += made
		for _, c := range root.children {
			t := byKey[c.key]
			if t == nil {
				t = &tally{move: c.move}
				byKey[c.key] = t
				order = append(order, t)
			}
			t.visits += c.visits
			t.value += c.value
		}
	}
	var best *tally
	for _, t := range order {
		if best == nil || t.visits > best.visits || (t.visits == best.visits && t.value > best.value) {
			best = t
		}
	}
	if best == nil {
		return nil, done, errors.New("the search found no move")
	}
	return best.move, done, nil
}

// run searches for up to iterations iterations (fewer if ctx ends, at
// least one) and returns the root of its tree and the iterations made.
func (s *search) run(ctx context.Context, iterations int) (*node, int, error) {
	root := &node{actor: -1}
	s.nodes = 1
	i := 0
	for ; i < max(iterations, 1); i++ {
		if i > 0 && ctx.Err() != nil {
			break
		}
		if err := s.iterate(root); err != nil {
			return nil, i, err
		}
	}
	return root, i, nil
}

type step struct {
	n     *node
	state engine.State
}

func (s *search) iterate(root *node) error {
	d := s.g.Determinize(s.st, s.seat, &s.rng)
	path := []*node{root}
	nd := root
	for {
		status := s.g.Status(d)
		if status.Finished || len(status.Active) == 0 {
			break
		}
		actor := status.Active[0]
		if nd == root {
			actor = s.seat
		}
		// The moves of nd legal in this sample, with their positions. At
		// the root every move is: the searching seat's choices depend
		// only on what it sees, which every sample shares, so only the
		// move picked is applied.
		var legal []step
		for _, c := range nd.children {
			if c.actor != actor {
				continue
			}
			if nd == root {
				legal = append(legal, step{n: c})
			} else if next, _, err := s.g.Apply(d, actor, c.move); err == nil {
				legal = append(legal, step{c, next})
			}
		}
		for _, l := range legal {
			l.n.avail++
		}
		allowed := int(math.Ceil(wideningC * math.Sqrt(float64(nd.visits+1))))
		if len(legal) < allowed && s.nodes < maxNodes && (nd.dups < dupLimit || nd.visits%dupEvery == 0) {
			m, err := randomMove(s.g, d, actor, &s.rng)
			if err != nil {
				return err
			}
			k := key(m)
			held := false
			for _, c := range nd.children {
				if c.actor == actor && c.key == k {
					held = true
					break
				}
			}
			if !held {
				next, _, err := s.g.Apply(d, actor, m)
				if err != nil {
					return err
				}
				c := &node{actor: actor, move: m, key: k, avail: 1}
				nd.children = append(nd.children, c)
				nd.dups = 0
				s.nodes++
				path = append(path, c)
				d = next
				break // expanded: play out from the new node
			}
			nd.dups++
		}
		if len(legal) == 0 {
			break // a sample in which none of the known moves is legal
		}
		pick := s.ucb(legal)
		if pick.state == nil {
			next, _, err := s.g.Apply(d, actor, pick.n.move)
			if err != nil {
				return err
			}
			pick.state = next
		}
		path = append(path, pick.n)
		d = pick.state
		nd = pick.n
	}
	vals, err := s.playout(d)
	if err != nil {
		return err
	}
	for _, n := range path {
		n.visits++
		if n.actor >= 0 {
			n.value += vals[n.actor]
		}
	}
	return nil
}

// ucb picks the legal move with the highest UCB1 score, counting
// availability; an unvisited move first (the first of them).
func (s *search) ucb(legal []step) step {
	best, bestU := legal[0], math.Inf(-1)
	for _, l := range legal {
		if l.n.visits == 0 {
			return l
		}
		u := l.n.value/float64(l.n.visits) + exploration*math.Sqrt(math.Log(float64(l.n.avail))/float64(l.n.visits))
		if u > bestU {
			best, bestU = l, u
		}
	}
	return best
}

// playout plays random moves from d for s.turns turns (a turn ends when
// the first active seat changes or the game's turn count moves), or
// s.moves moves, and evaluates where it stops. While the evaluation
// cannot tell the seats apart (flat: no projected score, neither a
// Projector nor engine.StatProjected, and equal scores, as in a game that
// scores only at its end) it plays on, up to flatMoves moves.
func (s *search) playout(d engine.State) ([]float64, error) {
	status := s.g.Status(d)
	turns := 0
	for k := 0; k < flatMoves && !status.Finished && len(status.Active) > 0; k++ {
		if (turns >= s.turns || k >= s.moves) && (s.projects || !flat(status)) {
			break
		}
		actor := status.Active[0]
		m, err := randomMove(s.g, d, actor, &s.rng)
		if err != nil {
			return nil, err
		}
		next, _, err := s.g.Apply(d, actor, m)
		if err != nil {
			return nil, err
		}
		ns := s.g.Status(next)
		if ns.Turn != status.Turn || ns.Finished || len(ns.Active) == 0 || ns.Active[0] != actor {
			turns++
		}
		d, status = next, ns
	}
	return evaluateStatus(s.g, d, status, s.seats), nil
}

// flat reports whether the status gives the evaluation nothing to tell
// the seats apart: no projected score, and every score equal.
func flat(status engine.Status) bool {
	for i, ss := range status.Seats {
		for _, st := range ss.Stats {
			if st.Key == engine.StatProjected {
				return false
			}
		}
		if ss.Score != status.Seats[0].Score && i > 0 {
			return false
		}
	}
	return true
}
