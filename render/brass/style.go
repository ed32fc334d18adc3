package brass

import (
	"image/color"
	"sync"

	"github.com/smokestack/smokestack/render"
)

func rgb(h uint32) color.RGBA {
	return color.RGBA{uint8(h >> 16), uint8(h >> 8), uint8(h), 0xff}
}

// The board colours. Player colours and letters are the house style,
// render.Seat; every counter and link carries the seat letter as well as
// the colour.
var (
	colPage   = rgb(0xFAF7F0)
	colLand   = rgb(0xE9E0C6)
	colSea    = rgb(0xBCD7EA)
	colInk    = rgb(0x161616)
	colWhite  = rgb(0xFFFFFF)
	colGrey   = rgb(0x6B6B6B)
	colLight  = rgb(0xD3D0C8)
	colCanal  = rgb(0x1F5FA8)
	colRail   = rgb(0x4A4A4A)
	colGold   = rgb(0xD9A400)
	colCoal   = rgb(0x202020)
	colIron   = rgb(0xB4531B)
	colPlace  = rgb(0xF3E9CF)
	colExtern = rgb(0xD9E6CF)
	colActive = rgb(0xFFF3B0)
	colClosed = rgb(0xB00020)
	// colNew marks what the latest turn built or flipped: the house
	// highlight (render.Highlight, drawn with render.HaloRect and
	// render.HaloLine), a yellow no Brass seat uses.
	colNew = render.Highlight
	// Tints for empty spaces and next-tile chips, by industry.
	industryTint = map[string]color.RGBA{
		"cotton": rgb(0xF7ECC4),
		"port":   rgb(0xC9E2F2),
		"coal":   rgb(0xB9B9B9),
		"iron":   rgb(0xEBC3A5),
		"ship":   rgb(0xD2D5F0),
	}
)

// industryLetter is the letter drawn for each industry on spaces and
// counters (the legend explains them; the game prints no letters).
var industryLetter = map[string]string{"cotton": "M", "port": "P", "coal": "C", "iron": "I", "ship": "S"}

// seatColor is the seat's house colour (grey beyond the Brass seats, whose
// colours the palette does not hold).
func seatColor(s int) color.RGBA {
	if s < 0 || s >= thePrinted().maxSeats {
		return colGrey
	}
	return render.Seat(s).RGB
}

func seatLetter(s int) string { return render.Seat(s).Letter }

// Fonts. The image is shown about 500 pixels wide on a phone, 0.39 of its
// size, so what a player reads at a glance is bold and at least 22 pixels
// (about 9 on the phone). Smaller are the seat letter on a counter, which
// the counter's colour backs up, the stack counts, and the legend and the
// space numbers, read after a tap.
var (
	fTitle  = render.Font{Size: 34, Bold: true}
	fMoney  = render.Font{Size: 38, Bold: true}
	fHead   = render.Font{Size: 26, Bold: true} // phase, track names, player names, stats
	fName   = render.Font{Size: 26, Bold: true} // town names
	fTile   = render.Font{Size: 30, Bold: true} // industry and level on a counter, empty spaces
	fSplit  = render.Font{Size: 24, Bold: true} // the two letters of a split empty space
	fStat   = render.Font{Size: 24, Bold: true}
	fChip   = render.Font{Size: 22, Bold: true} // track labels, next tiles, hand cards
	fSeat   = render.Font{Size: 19, Bold: true} // the seat letter on a counter
	fName20 = render.Font{Size: 20, Bold: true} // a long player name
	fSmallB = render.Font{Size: 18, Bold: true}
	fSmall  = render.Font{Size: 18}
	fNum    = render.Font{Size: 15, Bold: true} // space numbers
)

// gamePalette builds the palette once per process, when the first image is
// drawn: filling its lookup table takes about 0.1 s, which a command that
// draws nothing should not pay.
var gamePalette = sync.OnceValues(newPalette)

// newPalette is the curated game palette: the board colours plus the
// antialiasing ramps between them and the common backgrounds.
func newPalette() (*render.Palette, error) {
	pr := thePrinted()
	base := []color.RGBA{colPage, colLand, colSea, colInk, colWhite, colGrey, colLight, colCanal, colRail,
		colGold, colCoal, colIron, colPlace, colExtern, colActive, colClosed, colNew}
	for s := range pr.maxSeats {
		base = append(base, seatColor(s))
	}
	for _, ind := range pr.industries {
		base = append(base, industryTint[ind])
	}
	var ramps []render.Ramp
	for _, bg := range []color.RGBA{colWhite, colPage, colLand, colLight, colSea, colPlace, colExtern, colActive, colGrey, colGold} {
		ramps = append(ramps, render.Ramp{A: colInk, B: bg, Steps: 7})
	}
	for s := range pr.maxSeats {
		c := seatColor(s)
		ramps = append(ramps, render.Ramp{A: colInk, B: c, Steps: 5}, render.Ramp{A: colWhite, B: c, Steps: 4},
			render.Ramp{A: colLand, B: c, Steps: 3}, render.Ramp{A: colPage, B: c, Steps: 1})
	}
	for _, ind := range pr.industries {
		ramps = append(ramps, render.Ramp{A: colInk, B: industryTint[ind], Steps: 5})
	}
	// White on grey, and the track prices printed in white on coal and iron cubes.
	ramps = append(ramps, render.Ramp{A: colWhite, B: colGrey, Steps: 4}, render.Ramp{A: colWhite, B: colIron, Steps: 4})
	for _, c := range []color.RGBA{colCanal, colRail, colGrey, colGold, colIron, colSea, colNew} {
		ramps = append(ramps, render.Ramp{A: colLand, B: c, Steps: 3}, render.Ramp{A: colPage, B: c, Steps: 1})
	}
	return render.NewPalette(base, ramps)
}

// inkOn is the text colour that reads on background c (render.InkOn).
func inkOn(c color.RGBA) color.RGBA { return render.InkOn(c) }
