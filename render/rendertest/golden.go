// Package rendertest is the test kit every game's renderer shares: golden
// image comparison with a pixel tolerance, and the process's CPU time for
// render benchmarks.
package rendertest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// A golden image must be the same bytes as the renderer's output: drawing
// and encoding are pure Go with embedded fonts, so the same position gives
// the same PNG on every machine (the determinism the project promises).
// A pixel tolerance once hid a changed heading (0.2 % of the pixels were
// allowed to differ, more than a short phrase).

// MaxPNG is the size budget of one board image.
const MaxPNG = 300 << 10

// CheckGolden compares got with testdata/<name>.png (or rewrites it when
// update is set) and checks the size budget. On a difference it writes the
// image and a diff beside each other in the temporary directory, named
// <game>-<name>-got.png and -diff.png.
func CheckGolden(t *testing.T, game, name string, got []byte, update bool) {
	t.Helper()
	if len(got) > MaxPNG {
		t.Errorf("%s: %d KiB, budget %d KiB", name, len(got)>>10, MaxPNG>>10)
	}
	path := filepath.Join("testdata", name+".png")
	if update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gi, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	wi, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	diff, bad, err := ComparePixels(gi, wi, 0)
	if err == nil {
		err = fmt.Errorf("not the same bytes (%d B, want %d B): %d pixels differ", len(got), len(want), bad)
	}
	{
		out := filepath.Join(os.TempDir(), game+"-"+name)
		_ = os.WriteFile(out+"-got.png", got, 0o644)
		if diff != nil {
			var buf bytes.Buffer
			if png.Encode(&buf, diff) == nil {
				_ = os.WriteFile(out+"-diff.png", buf.Bytes(), 0o644)
			}
		}
		t.Errorf("%s: %v; wrote %s-got.png and %s-diff.png (rerun with -update if the change is intended)", name, err, out, out)
	}
}

// ComparePixels counts the pixels whose channels differ by more than
// tol (0 to 255) and returns an image marking them in red over a faded copy of
// want.
func ComparePixels(got, want image.Image, tol uint32) (*image.RGBA, int, error) {
	if got.Bounds() != want.Bounds() {
		return nil, 0, fmt.Errorf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	diff := image.NewRGBA(b)
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) >> 8
			if d > tol {
				bad++
				diff.Set(x, y, color.RGBA{255, 0, 0, 255})
			} else {
				l := uint8((r2 + g2 + b2) / 3 >> 8)
				l = 192 + l/4
				diff.Set(x, y, color.RGBA{l, l, l, 255})
			}
		}
	}
	return diff, bad, nil
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
