package smokyvalley

import (
	"image/color"
	"sync"

	"github.com/smokestack/smokestack/render"
)

func rgb(h uint32) color.RGBA {
	return color.RGBA{uint8(h >> 16), uint8(h >> 8), uint8(h), 0xff}
}

// The board colours. Seat colours and letters are the house style,
// render.Seat; every seat mark carries the letter as well as the colour.
var (
	colPage   = rgb(0xFAF7F0)
	colLand   = rgb(0xE9E0C6)
	colWater  = rgb(0xBCD7EA)
	colInk    = rgb(0x161616)
	colWhite  = rgb(0xFFFFFF)
	colGrey   = rgb(0x6B6B6B)
	colLight  = rgb(0xD3D0C8)
	colCanal  = rgb(0x1F5FA8)
	colActive = rgb(0xFFF3B0)
	colGold   = rgb(0xD9A400)
	colPanel  = rgb(0xF1ECE0)
)

// goodColour is the chip colour of each good, by good index (wood, coal,
// iron, grain, brick, flour, beer, machine).
var goodColour = []color.RGBA{
	rgb(0x8B5A2B), rgb(0x2E2E2E), rgb(0x9AA3AD), rgb(0xE3C16F),
	rgb(0xB5452E), rgb(0xF4F1E8), rgb(0xC98A1B), rgb(0x4F6D82),
}

const maxSeats = 4

// Fonts. The images are about 1200 pixels wide and shown about 500 wide
// in a Discord preview (0.42): what is read at a glance is bold and at
// least 20 pixels; the smaller sizes are read after a tap.
var (
	fTitle = render.Font{Size: 30, Bold: true}
	fHead  = render.Font{Size: 24, Bold: true}
	fBody  = render.Font{Size: 20, Bold: true}
	fSmall = render.Font{Size: 17, Bold: true}
	fTiny  = render.Font{Size: 15}
)

var gamePalette = sync.OnceValues(newPalette)

func newPalette() (*render.Palette, error) {
	bgs := []color.RGBA{colPage, colLand, colWater, colWhite, colLight, colActive, colPanel, colGrey}
	// render.Highlight is the halo of what the latest turn changed.
	base := append([]color.RGBA{colInk, colCanal, colGold, render.Highlight}, bgs...)
	for s := range maxSeats {
		base = append(base, render.Seat(s).RGB)
	}
	base = append(base, goodColour...)
	var ramps []render.Ramp
	for _, bg := range bgs {
		ramps = append(ramps, render.Ramp{A: colInk, B: bg, Steps: 7})
	}
	for s := range maxSeats {
		c := render.Seat(s).RGB
		ramps = append(ramps, render.Ramp{A: colInk, B: c, Steps: 5}, render.Ramp{A: colWhite, B: c, Steps: 3},
			render.Ramp{A: colPage, B: c, Steps: 2}, render.Ramp{A: colLand, B: c, Steps: 2})
	}
	for _, c := range goodColour {
		ramps = append(ramps, render.Ramp{A: inkOn(c), B: c, Steps: 5}, render.Ramp{A: colWhite, B: c, Steps: 2})
	}
	ramps = append(ramps, render.Ramp{A: render.HighlightEdge, B: render.Highlight, Steps: 4}, render.Ramp{A: colWhite, B: colCanal, Steps: 5}, render.Ramp{A: colWhite, B: colGrey, Steps: 4},
		render.Ramp{A: colWater, B: colCanal, Steps: 3}, render.Ramp{A: colLand, B: colCanal, Steps: 3})
	return render.NewPalette(base, ramps)
}

// inkOn is the text colour that reads on background c.
func inkOn(c color.RGBA) color.RGBA {
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) < 110 {
		return colWhite
	}
	return colInk
}

// seatColour is a seat's house colour; grey for neutral (-1).
func seatColour(s int) color.RGBA {
	if s < 0 {
		return colLight
	}
	return render.Seat(s).RGB
}
