// Package smokyvalley draws The Smoky Valley views as two PNG images for
// Discord and the playground: the board (board.png) and the players'
// boards (players.png). Nothing in the game is private, so every seat sees
// the same images.
//
// # What the images show
//
// Every printed value (district, market, industry, service, canal tile and
// city card names, space bonuses, tracks) comes from the engine through
// smokyvalley.PrintedValues; the layout is our own schematic one, with no
// printed art. Seats are drawn in the house colours and letters
// (render.Seat), and every seat mark carries its letter.
//
// The board: the title, what happens now (whose turn or decision) and the
// game sequence (the five development phases with the city councils, the
// canal phase and final scoring; done steps grey, the current one yellow
// and ringed) with the mayor. Then Griffintown's five districts, each with
// its canal marker and rail, its prestige per industry at the end, the
// Wood Depot space and the five building spaces (an empty space shows its
// bonus and, when it is used only with 3 or 4 players, "3p"/"4p"; a space
// not used with this many players is grey and struck out; a built
// industry is drawn in its owner's colour with the owner's letter, "n" for
// a neutral Wood Depot, and an upgraded one has a thick frame and an UP
// tag), and its service spaces (grey type names when empty, the token's
// name on white when developed). Then the three foreign markets, each with
// the goods it takes (with the printed extra prestige), the trader bonus,
// its canal section of ships (type, owner's colour for a player ship,
// the loading seats in its load slots, the trader aboard ringed, the
// foreign trade token in its good's colour), the export agency's traders
// in arrival order and each seat's trade level (prestige per processed
// good). Below: the scheduled ships with their destinations, the order of
// play (the seat to decide ringed) and the passing track with its bonuses,
// the popularity track (bonus spaces yellow), prestige highest first and
// the mayor's last priorities; on the right the offers (service tokens,
// canal tiles per canal district, an action tile white and a changing
// effect yellow with a star, city cards with their category, requirement
// and the decade's cost), the sizes of the face-down stacks (only sizes:
// no image shows a face-down stack's order or contents, which
// TestHiddenStacksSameImages checks), and the local market with the seats
// that used each of its sales this phase. The discs on a popularity space
// hang below it as an overlapping stack, its top (the last to arrive, who
// wins a tied election) nearest the track and drawn over the others. At
// the bottom, the industry tiles left on the industry
// development boards (none: grey).
//
// The players' image has a panel per seat (the one to decide yellow):
// cash, income, prestige, popularity and traders in supply, the eight
// goods in their colours, the navigation board (the district tiles in
// order, the boat's district in the seat's colour with a thick frame, the
// canal tiles under each space, top first, and a disc in the seat's colour
// by a district whose city box holds the seat's disc), the canal
// development per canal district, the discs left on the industry track,
// the own ships used per market and the city cards (with the mayor's
// extra card and Poverty Reduction's use this phase: two lines at most,
// the rest counted). The legend of the navigation boards is drawn once,
// on its own row under the panels; TestPlayersLayout checks in every
// language, with a seat holding every city card, that no two texts
// overlap and that every text stays inside its panel's frame.
//
// Every amount of money (cash, income, a space's or the passing track's
// £1, the trader bonus, the local market's price, a city card's cost) is
// worded by the catalog's {{money}}: "£1" in English, "1 £" in German and
// French (lang.Lang.Money).
//
// What the latest turn changed gets the house halo under it
// (render.HaloRect, render.HaloCircle for a city-box disc), from the
// marks the view carries (engine.Marks, keys of
// smokyvalley.View.BoardPlaces): on the board a Wood Depot, building
// space or service token, a ship in the canal or scheduled, an export
// agency trader, a trade level, a popularity disc, a prestige figure, a
// canal tile or city card on offer and a local market marker; on a
// player's board the prestige and popularity figures, a navigation space
// (its district tile and canal tiles, or the boat that came to it), a
// city-box disc, a canal development marker, the industry track and the
// city cards. Where pieces stand closer than the halo's band (agency,
// popularity discs, offers' rows, market markers) every halo is drawn
// before any piece.
//
// Both images are drawn over a static layer, converted to the curated
// palette and encoded at the fastest PNG level. The board's static part
// (frames, names, labels) is drawn once per player count, offer size and
// language and cached (pen.part); the players' image's static layer is
// the page alone, one per image size. Each image writes the position down
// as drawing calls (the pen draws on a render.Surface: here a
// render.OpLog), then restores, draws and converts only the 32-pixel
// tiles whose calls differ from the previous image's of the same size
// over the same static layer (render.Retained: a painter keeps its
// canvas, output and calls; the renderer keeps two idle painters per
// image size). A board whose canal section has more rows than the static
// layer provides for is drawn whole. The result is the whole drawing byte
// for byte (TestBoardLayers; TestRetainedExact over a game's consecutive
// positions, forwards, backwards and across a jump to another game, seat
// and language; TestFootprints). See docs/performance.md for the
// figures.
//
// Every word drawn comes from The Smoky Valley's catalog in the scene's
// language (render.Scene.Lang, words.go): board.* for headings, labels
// and legends, name.* for the game's names; in English the data's
// printed names are drawn as they are. The static layer is cached per
// language. TestWordsFit checks that nothing but a player's name or a
// card list is shortened in any language.
package smokyvalley
