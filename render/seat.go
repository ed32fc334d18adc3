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

// seatStyles are the Okabe–Ito colours, ordered so that the first four
// (the Brass player counts) differ in lightness as well as hue and stay
// apart for the common colour-vision deficiencies.
var seatStyles = [...]struct {
	name string
	rgb  color.RGBA
}{
	{"yellow", color.RGBA{0xF0, 0xE4, 0x42, 0xff}},
	{"sky blue", color.RGBA{0x56, 0xB4, 0xE9, 0xff}},
	{"vermillion", color.RGBA{0xD5, 0x5E, 0x00, 0xff}},
	{"blue", color.RGBA{0x00, 0x72, 0xB2, 0xff}},
	{"green", color.RGBA{0x00, 0x9E, 0x73, 0xff}},
	{"pink", color.RGBA{0xCC, 0x79, 0xA7, 0xff}},
	{"orange", color.RGBA{0xE6, 0x9F, 0x00, 0xff}},
	{"black", color.RGBA{0x10, 0x10, 0x10, 0xff}},
}

// SeatColours is how many seats have a colour of their own; Seat repeats
// the colours beyond it (the letters keep such seats apart).
const SeatColours = len(seatStyles)

// Seat returns the style of a 0-based seat. Seats 0 to 3 are yellow A, sky
// blue B, vermillion C and blue D; then green E, pink F, orange G, black
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
