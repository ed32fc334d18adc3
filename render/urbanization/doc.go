// Package urbanization draws the Urbanization board view as a PNG for
// Discord and the playground: one image, board.png, the same for every
// seat and for spectators, since nothing in Urbanization is hidden.
//
// # What the image shows
//
// What the latest turn changed gets the house halo under it, from the
// marks the view carries (engine.Marks, keys of
// urbanization.View.BoardPlaces): a territory whose owner, price markers,
// buildings or seeds changed is haloed along its edges (render.HaloLine),
// a factory display space, a character card and an invention docking
// space with a band around it (render.HaloRect). The grain counts are
// marked in the view but not drawn.
//
// Everything comes from urbanization.View; the package holds no game data.
// The header gives the game turn and action phase tracks (the current
// space in black, past ones greyed), what happens now and who is to act
// (worded from the view's segment, turn, phase and active seat; the view
// carries no sentence), or at the end the final ranking.
//
// The building area on the left draws the territories where the view puts
// them (strip and position in the triangular grid, pointing up or down),
// so a group that corrects the grid in the game's data file sees it drawn
// as corrected. A free territory is pale green; an owned one is tinted
// with its owner's colour; one under a covering tile (2 and 3 players) is
// dark with "covered". Each shows its id for the notation (t08), its price
// markers as a gold coin with the price ($2), and its building grounds as
// squares: empty (white), a house (a gabled shape in the owner's colour
// with the seat letter), a skyscraper (a tall block with windows and the
// letter) or a factory (a sawtooth roof, with the active card's factory
// number). Grain sown on a ground is an ochre disc with the count in the
// ground's corner; administrative buildings are small column-fronted
// blocks (with ×N when there are several).
//
// The right column shows the grain area (each barn and the field with
// count/capacity and price per grain, the return area with how many it
// keeps at the refill), the factory display (the work orders left on the
// board by colour, the deck count, and the three cards: number and colour
// on the colour band, the name whole under it (a size smaller when long;
// the notation takes the name too), the work-order spaces with their count and
// colour, each covered by the seat marker that filled it, the goods made
// and the back mark), and the character cards, tinted with the holder's
// colour and marked with the holder's letter, struck through once played
// this turn (the Professor only with the Inventions expansion).
//
// Below: the scoring track (every seat's marker, ties stacked, and the
// scores in figures), the invention area when the expansion is on (the
// nine docking spaces with their cards' names and the seats' markers on them),
// and a panel per player: the seat letter and the player's name (from
// render.Scene, "Seat N" in the image's language without one; shortened with an ellipsis to
// fit), VP, money, start player and Mayor, action markers left (as pips), the tracking card rows
// (citizens, houses, grain, taxes) and work orders by colour, the hired
// character (greyed once used), factories by number, and the inventions
// held (by name) and docking spaces occupied. Names come from the view,
// which takes them from the game's data; TestNamesFit draws every factory
// name and TestInventionNamesFit every invention name beside every other
// on a docking space, and each fails when one does not fit its box (a
// long invention name goes on over the next line of its docking space,
// indented). The player to act has a yellow panel.
//
// Seat colours and letters are the house style, render.Seat, as in every
// game; every piece carries the seat letter as well as the colour.
//
// # Sized for a phone
//
// The image is 1280 pixels wide (1150 high, 1358 with the invention
// area). Discord previews it about 500 pixels wide, so the fonts are
// Brass's: bold 22 to 34 pixels for what a player reads at a glance
// (territory ids, prices, money, VP, counts), 16 to 18 pixels for labels
// read after a tap (card and invention names). TestLegibility checks it
// on a busy position: every text's capitals are at least 10 pixels high,
// and those of territory ids, prices, names, money, VP, the tracks and the
// display's factory numbers at least 6 pixels at 500 pixels wide. Check a
// change also by scaling the goldens to 500 pixels wide and looking at
// them.
//
// # Words
//
// Every word on the board is in the scene's language (render.Scene.Lang):
// headings, legends and the line saying what happens now are the
// messages board.* of Urbanization's catalog, factory, invention,
// character and colour names its name.* messages (Scene.Words). A text
// that might not fit its box (German words are long) is shortened with an
// ellipsis or, for card and character names, set a size smaller;
// TestLegibility runs in every language and fails a text leaving the
// image or the right column or overlapping another on its line, and
// TestNamesFit and TestInventionNamesFit that any card's name in any
// language is drawn whole, in its own box.
// English, German and French goldens are in testdata.
//
// # How it is drawn
//
// The image is drawn on a kept render.Canvas (an idle painter's) in two layers. The static
// layer (drawStatic: the page, the title, the frames and headings of the
// building area, the sections, the scoring track with its scale, the
// inventions, the outer frames of the players' panels) depends only on the
// layout, the number of players, the top of the scoring scale and the
// language (staticKey); the renderer draws it once per key and keeps it as
// RGBA and as palette indexes (Renderer.staticFor, under the renderer's
// mutex). Each image then writes the position down as drawing calls
// (drawDynamic on a render.OpLog: rectangles on whole pixels through
// the canvas's fast path, territories filled row by row with their
// antialiased edges drawn over the fill, text through cached glyphs),
// and restores, draws and converts to the curated palette only the tiles
// whose calls differ from the previous image's on the same static layer
// (render.Retained, shared with the other games; a painter keeps its canvas, output and calls; the renderer keeps two
// idle painters per height), then encodes with render.Encoder. The static layer holds only what, in the painting
// order of the whole image, comes before anything of the position on the
// same pixels, so the two layers give the whole image byte for byte
// (TestStaticLayerExact, TestRetainedExact over a game's consecutive
// positions, not only the few the goldens hold). docs/performance.md has the figures.
//
// Golden images of real engine positions are in testdata; the renderer's
// output must be the same bytes (rendertest.CheckGolden). After an intended change, look at the
// new images, then rewrite them with
//
//	go test ./render/urbanization -run Golden -update
package urbanization
