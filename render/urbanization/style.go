package urbanization

import (
	"image/color"
	"sync"

	"github.com/smokestack/smokestack/render"
)

func rgb(h uint32) color.RGBA {
	return color.RGBA{uint8(h >> 16), uint8(h >> 8), uint8(h), 0xff}
}

// maxSeats is the most seats Urbanization seats; the palette holds their
// house colours (render.Seat).
const maxSeats = 4

// The board colours. Player colours and letters are the house style,
// render.Seat; every building, marker and panel carries the seat letter as
// well as the colour.
var (
	colPage     = rgb(0xFAF7F0)
	colLand     = rgb(0xE4EDC8) // a free territory
	colInk      = rgb(0x161616)
	colWhite    = rgb(0xFFFFFF)
	colGrey     = rgb(0x6B6B6B)
	colLight    = rgb(0xD3D0C8)
	colCovered  = rgb(0x8A8478) // a covering tile
	colCoin     = rgb(0xD9A400) // price markers and money
	colGrain    = rgb(0xC8902A) // grain markers
	colField    = rgb(0xB9D48A)
	colBarn     = rgb(0xE7C9A0)
	colActive   = rgb(0xFFF3B0)
	colCard     = rgb(0xF3E9CF)
	colOrWhite  = rgb(0xF4F4F4) // work orders by colour
	colOrGrey   = rgb(0x9A9A9A)
	colOrOrange = rgb(0xF08A24)
	colInvent   = rgb(0xD2D5F0)
)

// orderColour is the colour a work order, a factory card or a good of
// colour name c is drawn in.
func orderColour(c string) color.RGBA {
	switch c {
	case "white":
		return colOrWhite
	case "grey":
		return colOrGrey
	case "orange":
		return colOrOrange
	}
	return colLight
}

// seatColor is the seat's house colour (grey for a seat without one).
func seatColor(s int) color.RGBA {
	if s < 0 || s >= maxSeats {
		return colGrey
	}
	return render.Seat(s).RGB
}

func seatLetter(s int) string { return render.Seat(s).Letter }

// Fonts, sized as Brass's: the image is shown about 500 pixels wide on a
// phone, 0.39 of its 1280 pixels, so what a player reads at a glance is
// bold and at least 22 pixels; smaller are labels read after a tap.
var (
	fTitle = render.Font{Size: 32, Bold: true}
	fBig   = render.Font{Size: 34, Bold: true} // money, VP in the panels
	fHead  = render.Font{Size: 26, Bold: true} // section heads, player names
	fID    = render.Font{Size: 22, Bold: true} // territory ids, counts
	fChip  = render.Font{Size: 22, Bold: true}
	fStat  = render.Font{Size: 22, Bold: true}
	fSeat  = render.Font{Size: 19, Bold: true} // the seat letter on a piece
	fSmall = render.Font{Size: 18, Bold: true}
	fTiny  = render.Font{Size: 16}
	// fTinyBold is a factory card's name too long for fSmall, fMicroBold
	// one too long for fTinyBold ("Dienstleistungsagentur").
	fTinyBold  = render.Font{Size: 16, Bold: true}
	fMicroBold = render.Font{Size: 13, Bold: true} // capitals 10 px, minFullCap
)

// gamePalette builds the palette once per process, on the first image.
var gamePalette = sync.OnceValues(newPalette)

func newPalette() (*render.Palette, error) {
	base := []color.RGBA{colPage, colLand, colInk, colWhite, colGrey, colLight, colCovered, colCoin, colGrain,
		colField, colBarn, colActive, colCard, colOrWhite, colOrGrey, colOrOrange, colInvent}
	for s := range maxSeats {
		base = append(base, seatColor(s), tint(seatColor(s)))
	}
	// render.Highlight is the halo of what the latest turn changed.
	base = append(base, render.Highlight)
	ramps := []render.Ramp{{A: render.HighlightEdge, B: render.Highlight, Steps: 4}}
	for _, bg := range []color.RGBA{colWhite, colPage, colLand, colLight, colCovered, colCoin, colGrain, colField,
		colBarn, colActive, colCard, colOrWhite, colOrGrey, colOrOrange, colInvent, colGrey} {
		ramps = append(ramps, render.Ramp{A: colInk, B: bg, Steps: 6})
	}
	for s := range maxSeats {
		c := seatColor(s)
		ramps = append(ramps, render.Ramp{A: colInk, B: c, Steps: 5}, render.Ramp{A: colWhite, B: c, Steps: 4},
			render.Ramp{A: colLand, B: c, Steps: 3}, render.Ramp{A: colPage, B: c, Steps: 2})
	}
	ramps = append(ramps, render.Ramp{A: colWhite, B: colGrey, Steps: 4}, render.Ramp{A: colWhite, B: colCovered, Steps: 3},
		render.Ramp{A: colLand, B: colGrey, Steps: 3}, render.Ramp{A: colPage, B: colGrey, Steps: 2})
	return render.NewPalette(base, ramps)
}

// inkOn is the text colour that reads on background c (the house rule,
// render.InkOn).
func inkOn(c color.RGBA) color.RGBA { return render.InkOn(c) }

// tint is a pale version of a seat colour, for an owned territory: light
// enough that even a black seat's stays far from a covering tile.
func tint(c color.RGBA) color.RGBA { return render.Blend(c, colWhite, 0.6) }
