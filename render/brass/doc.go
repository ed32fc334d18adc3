// Package brass draws the Brass (Lancashire) board view as a PNG for
// Discord and the playground.
//
// # What the image shows
//
// Every printed value the image shows (place and industry names, gold
// link-VP circles, track prices and bonuses) comes from the game's data
// through brass.PrintedValues and the view; layout.json holds only where
// things go. The left part is the map, in our own schematic layout: the
// towns roughly where they lie, north at the top, each a white box with its
// short name and its industry spaces; the three places without spaces
// (pills with their gold link-VP circles) and the three external locations
// (green boxes with an anchor, the port mark, and gold circles). Every
// potential link joins the edges of its two places: a thin grey line with
// sleepers where a rail may run, a blue dashed line where a canal may run,
// both side by side where both may.
//
// An empty space shows the industries it accepts by tint and letter (M
// cotton mill, P port, C coal mine, I iron works, S shipyard; a space that
// takes two is split diagonally). In a town of two or more spaces a small
// number under each space gives its number for the notation's town@n (to
// build over a counter, or to name a mill or port when selling); spaces
// are numbered left to right, top to bottom. A place that no canal reaches
// (rail only) carries a grey tag with a rail on its top-left corner. A
// built counter shows the owner's seat letter in its top-left corner, its
// VP in a gold circle in the top-right corner with, between the two, the
// income it gives when flipped ("+3"), the industry letter and tech level
// in the middle, and its coal or iron cubes as small squares along the
// bottom (or a small industry icon when it holds none). Not yet flipped: a
// pale face and a thick frame in the owner's colour. Flipped: a solid face
// in the owner's colour, a black frame, a black seat chip and a black
// folded corner (bottom right); the two stay apart in greyscale. A built
// link is a thick line in the owner's colour with a marker carrying the
// seat letter: a circle for a canal, a square (and black sleepers) for a
// rail; beside it a gold circle gives the VP the link would score now.
//
// What the latest turn built or flipped gets the house halo
// (render.HaloRect, render.HaloLine: render.Highlight, a yellow no Brass
// seat uses): the game's view marks such counters and links
// (View.Recent, engine.Marks, keyed by brass.SpaceKey and brass.LinkKey),
// from the record its state keeps of the latest turn that changed the
// board. The host needs to keep nothing.
//
// The right column shows the period and round, what happens now (naming
// the player to move), the turn order (the active seat ringed), the deck
// size, the coal and iron demand tracks (a space holding a cube is drawn
// as the cube with its price on it; cubes sit in the dearest spaces; the
// grey space after the track is the price of a cube when it is empty), the
// cotton demand track with its marker's space in black, the distant market
// (tiles left, the last tile, a CLOSED flag), the last card played, and a
// panel per player: its letter and colour, the player's name (from
// render.Scene: the legend of who owns what), money, income with its track
// space, VP and, after an arrow, the VP it would have if the period ended
// now (brass.Player.Projected; engine.StatProjected in the status), money
// spent this round, links and cards left, and the next counter of each
// stack with how many are left. The active player's panel is highlighted;
// in a seat's own view that seat is marked "(you)". At the foot of the
// column the legend explains every mark the game does not print.
//
// A seat's view draws a second image, hand.png: a compact picture of that
// seat's cards (640 pixels wide, its name and letter in its colour), which
// only that seat is shown (Discord's /hand, the playground).
//
// Seat colours and letters are the house style, render.Seat (vermillion
// A, sky blue B, purple C, black D), the same that the bot and the
// playground use to name seats: every pair differs by CIEDE2000 20 or
// more in normal vision and for protanopia, deuteranopia and tritanopia,
// and from the board colours they are drawn on, and their lightness
// differs too. Every counter, link and panel carries the seat letter as
// well as the colour.
//
// # Sized for a phone
//
// The image is 1280×1160. Discord shows it about 500 pixels wide before a
// tap (390 on a phone), at 0.39 of its size, so the sizes are chosen for
// that: money (38 px), income and VP (26 px), town names (26 px) and the
// industry and level on counters (30 px on 58-pixel counters) are bold;
// track prices and next tiles are 22 px bold. Smaller, read at full size:
// the seat letter on a counter (19 px, which the counter's colour backs
// up), how many counters are left in a stack (18 px), the VP, income and
// link values (15 px bold), the legend and the space numbers.
// TestLegibility checks it on a busy real position: capitals of what a
// player reads at a glance are at least 6 pixels high at 500 pixels wide,
// and every text at least 10 pixels high at full size;
// TestBoardColoursKeepSeatsApart checks the seat colours against the
// board's colours. Check a change by eye as well: scale the golden images
// down to 500 and 390 pixels wide and look at them.
//
// # How it is drawn
//
// The board code draws on a small surface interface (render.Surface's
// calls). The static layer (map, empty spaces, potential links, legend,
// track frames) depends only on the places, spaces and links of the view
// and the language; the renderer draws it once on a render.Canvas and
// keeps it both as RGBA and as palette indexes. Each image then writes
// the position down as drawing calls (drawDynamic on a render.OpLog), and
// restores, draws and converts to the curated palette only the 32-pixel
// tiles whose calls differ from the previous image's over the same static
// layer (render.Retained: a painter keeps its canvas, output and calls;
// the renderer keeps two idle painters), then encodes the paletted image
// with render.Encoder (zlib at its fastest level). The two layers give
// the whole image byte for byte: TestRetainedExact draws a game's
// consecutive positions forwards, backwards and across a jump to another
// game, seat and language, each compared with a whole drawing, and
// TestFootprints checks that every call stays in the tiles it was logged
// for. The hand image is small and drawn whole. The benchmark draws the
// same board through gg, as a baseline (baseline_test.go);
// docs/performance.md has the figures.
//
// Golden images of a few positions are in testdata; the renderer's output
// must be the same bytes (rendertest.CheckGolden). After an intended change, look at the
// new images, then rewrite them with
//
//	go test ./render/brass -run Golden -update
//
// Every golden starts from the engine's view of a new match, so a change
// to the game's data may change them all; three (engine-rail-seat3.png,
// its engine-rail-seat3-hand.png, and engine-rail-spectator.png) are
// positions of seeded games played by the real engine, with players
// named, which a rules change may change too. docs/board.png, the
// README image, is a copy of engine-rail-spectator.png: copy it again
// after an update.
package brass
