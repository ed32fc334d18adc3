package smokyvalley

import (
	"bytes"
	"fmt"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// The board drawn as the cached static layer plus the position, one
// position after another on the same painter (redrawing only the tiles
// whose drawing calls changed), gives the same PNG as drawing everything at once.
func TestBoardLayers(t *testing.T) {
	layered, _ := New()
	whole, _ := New()
	for _, n := range []int{2, 3, 4} {
		for _, moves := range []int{0, 6, 40, 120, 400, 3000, 60} {
			v := playedView(t, n, uint64(n), moves)
			sc := render.Scene{View: v, Seat: engine.Spectator}
			got, err := layered.drawBoard(sc, &v)
			if err != nil {
				t.Fatal(err)
			}
			want, err := whole.draw(sc, boardW, boardH, func(p *pen) { p.board(&v) })
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%d players after %d moves: the layered board differs from the whole one", n, moves)
			}
		}
	}
}

// retainedScenes are consecutive positions of a 4-player game, forwards
// then backwards by threes, then a jump to a 3-player game seen by a seat
// in German, and back.
func retainedScenes(t *testing.T) []render.Scene {
	names := []string{"alice", "bob", "carol", "dave"}
	var scs []render.Scene
	for _, v := range playedViews(t, 4, 5, 100, 124) {
		scs = append(scs, render.Scene{View: v, Seat: engine.Spectator, Names: names})
	}
	if len(scs) != 25 {
		t.Fatalf("%d positions, want 25", len(scs))
	}
	for i := len(scs) - 1; i >= 0; i -= 3 {
		scs = append(scs, scs[i])
	}
	g := playedView(t, 3, 3, 60)
	scs = append(scs, render.Scene{View: g, Seat: 1, Names: names[:3], Lang: lang.German}, scs[0], scs[1])
	return scs
}

// TestRetainedExact: a game's images drawn one after the other on one
// renderer (each redrawing only the tiles whose drawing calls changed,
// render.Retained) give the same bytes as each drawn whole afresh, the
// board and the players' image.
func TestRetainedExact(t *testing.T) {
	r, _ := New()
	whole, _ := New()
	for i, sc := range retainedScenes(t) {
		imgs, err := r.Images(sc)
		if err != nil {
			t.Fatal(err)
		}
		v := sc.View.(sv.View)
		board, err := whole.draw(sc, boardW, boardH, func(p *pen) { p.board(&v) })
		if err != nil {
			t.Fatal(err)
		}
		players, err := whole.draw(sc, boardW, playersH(len(v.Seats)), func(p *pen) { p.players(&v) })
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(imgs[0].PNG, board) {
			t.Errorf("image %d: the retained board differs from the whole one", i)
		}
		if !bytes.Equal(imgs[1].PNG, players) {
			t.Errorf("image %d: the retained players' image differs from the whole one", i)
		}
	}
}

// TestFootprints: every drawing call of the positions of TestRetainedExact,
// and of richView in French, touches, as the canvas marks it, only tiles
// of its footprint (render.OpLog), which the retained drawing relies on.
func TestFootprints(t *testing.T) {
	scs := retainedScenes(t)
	scs = append(scs, render.Scene{View: richView(t), Seat: 0, Lang: lang.French})
	for i, sc := range scs {
		v := sc.View.(sv.View)
		for _, img := range []struct {
			h    int
			part int
			draw func(*pen)
		}{
			{boardH, partDynamic, func(p *pen) { p.board(&v) }},
			{playersH(len(v.Seats)), partAll, func(p *pen) { p.players(&v) }},
		} {
			c, err := render.NewCanvas(boardW, img.h)
			if err != nil {
				t.Fatal(err)
			}
			log := render.NewOpLog(c)
			img.draw(&pen{c: log, pr: sv.PrintedValues(), sc: sc, wd: newWords(sc), part: img.part})
			if log.Len() < 50 {
				t.Fatalf("scene %d: %d calls logged", i, log.Len())
			}
			if err := log.CheckFootprints(c); err != nil {
				t.Errorf("scene %d, %d high: %v", i, img.h, err)
			}
		}
	}
}

// TestRetainedConcurrent: goroutines drawing on one renderer, each through
// TestRetainedExact's scenes in its own order (so painters pass between
// positions, games and sizes), give the images one goroutine gives.
func TestRetainedConcurrent(t *testing.T) {
	scs := retainedScenes(t)
	ref, _ := New()
	want := make([][]render.Image, len(scs))
	for i, sc := range scs {
		imgs, err := ref.Images(sc)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = imgs
	}
	r, _ := New()
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(scs))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range scs {
				i := (k*(g+1) + g) % len(scs)
				imgs, err := r.Images(scs[i])
				if err != nil {
					errs <- err
					return
				}
				for j := range imgs {
					if !bytes.Equal(imgs[j].PNG, want[i][j].PNG) {
						errs <- fmt.Errorf("goroutine %d, scene %d, %s: differs", g, i, imgs[j].Name)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
