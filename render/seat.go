package render

import (
	"image/color"
	"strconv"
)

// SeatStyle is the house style of one seat: the letter and colour that
// every front end uses for it, so the lobby, the replies and the board
// image all agree. Seats are 0-based in code; players see seat i as
// "Player i+1", marked Letter and drawn in Colour.
type SeatStyle struct {
	// Letter marks the seat on every counter, link and panel: "A" for
	// seat 0, "B" for seat 1, and so on.
	Letter string
	// Colour is the plain English name a player would use for RGB, e.g.
	// "yellow" or "sky blue".
	Colour string
	// RGB is the colour itself, opaque.
	RGB color.RGBA
}

// seatStyles are chosen so that the first four seats (the Brass player
// counts) stay far apart for everyone: every pair differs by at least 20
// CIEDE2000 units in normal vision and as simulated for protanopia,
// deuteranopia and tritanopia, and each differs as much from the beige land
// and the white town boxes of the board (seat_test.go checks it), and
// their lightness (luma) differs by at least 25 of 255 so that they stay
// apart in greyscale too. They are Okabe–Ito vermillion and sky blue, IBM's
// colour-blind-safe violet and black; then come the other Okabe–Ito
// colours. No two seats share a hue name.
var seatStyles = [...]struct {
	name string
	rgb  color.RGBA
}{
	{"vermillion", color.RGBA{0xD5, 0x5E, 0x00, 0xff}},
	{"sky blue", color.RGBA{0x56, 0xB4, 0xE9, 0xff}},
	{"purple", color.RGBA{0x5D, 0x3A, 0x9B, 0xff}},
	{"black", color.RGBA{0x10, 0x10, 0x10, 0xff}},
	{"green", color.RGBA{0x00, 0x9E, 0x73, 0xff}},
	{"orange", color.RGBA{0xE6, 0x9F, 0x00, 0xff}},
	{"yellow", color.RGBA{0xF0, 0xE4, 0x42, 0xff}},
	{"blue", color.RGBA{0x00, 0x72, 0xB2, 0xff}},
}

// SeatColours is how many seats have a colour of their own; Seat repeats
// the colours beyond it (the letters keep such seats apart).
const SeatColours = len(seatStyles)

// Seat returns the style of a 0-based seat. Seats 0 to 3 are vermillion A,
// sky blue B, purple C and black D; then green E, orange F, yellow G, blue
// H, after which the colours repeat while the letters go on to Z and then
// to "S27", "S28" ... (the 1-based seat number). A negative seat (a
// spectator) is grey "?".
func Seat(seat int) SeatStyle {
	if seat < 0 {
		return SeatStyle{Letter: "?", Colour: "grey", RGB: color.RGBA{0x6B, 0x6B, 0x6B, 0xff}}
	}
	st := seatStyles[seat%len(seatStyles)]
	letter := string(rune('A' + seat))
	if seat >= 26 {
		letter = "S" + strconv.Itoa(seat+1)
	}
	return SeatStyle{Letter: letter, Colour: st.name, RGB: st.rgb}
}

// InkOn is the colour of text on background c: near-black, or white where
// that contrasts more (WCAG contrast ratio).
func InkOn(c color.RGBA) color.RGBA {
	ink, white := color.RGBA{0x16, 0x16, 0x16, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
	if Contrast(c, white) > Contrast(c, ink) {
		return white
	}
	return ink
}

// Legibility thresholds of the seat colours, checked in normal vision and
// as simulated for the three dichromacies (Simulate):
//   - MinSeatDeltaE: CIEDE2000 between any two of the first DistinctSeats
//     seats, and between each of them and the light backgrounds boards draw
//     them on (ΔE00 20 is "clearly different colours at a glance"; the
//     chosen colours reach 23.2 at worst);
//   - the seat letter, drawn in InkOn's colour on the seat colour, has a
//     WCAG contrast of at least 4.5 (normal text, level AA).
const (
	MinSeatDeltaE = 20.0
	DistinctSeats = 4
)
