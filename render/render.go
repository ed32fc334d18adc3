// Package render draws game views as PNG images. Each game has its own
// renderer (render/brass ...) registered by game ID; front ends only hand it
// views, never states.
//
// The package also holds the house style that every front end shares:
// Seat(i) gives seat i's letter, colour name and colour (vermillion A, sky blue
// B, purple C, black D, ...). The board images draw seats with it, and
// the bot and the playground name seats with it, so that "Player 2 (B, sky
// blue)" in a reply is the sky blue B on the board.
package render

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// ErrNoRenderer is returned for a game without a renderer.
var ErrNoRenderer = errors.New("render: no renderer for game")

// ErrImages is returned when a renderer's images break the contract of
// Images (none, too many, a bad or repeated name, no PNG).
var ErrImages = errors.New("render: renderer broke the image contract")

// MaxImages is the most images a renderer may draw for one position, so
// that every front end can show them together (a Discord message carries
// at most 10 attachments).
const MaxImages = 10

// Image is one picture of a position: the main board, a player board, a
// panel only the viewing seat may see ...
type Image struct {
	// Name is the file name, unique among the images of one position and
	// stable across positions ("board.png", "hand.png"): lower-case ASCII
	// letters, digits, '-' and '_', ending in ".png".
	Name  string `json:"name"`
	Title string `json:"title"` // for people: "Board", "Your hand"
	PNG   []byte `json:"-"`     // the encoded image
}

// Scene is what a renderer draws: a game's view of a position and what the
// host knows around it that the game does not (the players' names).
type Scene struct {
	View engine.View // the game's view for Seat
	Seat int         // the viewer, or engine.Spectator for the public images
	// Names are the players' display names in seat order, as the host
	// shows them everywhere else; a missing or empty name is drawn as
	// the seat's default name, "Seat N" in English (see Name).
	Names []string
	// Lang is the language of the images' words (headings, legends, period
	// and phase names); the zero value reads English. A renderer words
	// them with Words, from its game's catalog.
	Lang lang.Lang
}

// Words is the scene's words for a game: its language and the players'
// names.
func (sc Scene) Words(info engine.Info) engine.Words {
	l := sc.Lang
	if l == "" {
		l = lang.Fallback
	}
	return engine.WordsFor(info, l, sc.Names)
}

// Name is the display name of seat for the image: Names[seat], or when
// the host gave none the engine catalog's default name in the image's
// language (engine.Words.SeatTitle: "Seat N", "Spieler N", "Joueur N";
// N = seat+1), as the narration names that seat.
func (sc Scene) Name(seat int) string {
	if seat >= 0 && seat < len(sc.Names) && strings.TrimSpace(sc.Names[seat]) != "" {
		return strings.TrimSpace(sc.Names[seat])
	}
	l := sc.Lang
	if l == "" {
		l = lang.Fallback
	}
	return engine.WordsFor(engine.Info{}, l, nil).SeatTitle(seat)
}

// Renderer draws one game's views. Implementations must be safe for
// concurrent use.
type Renderer interface {
	Game() string // the engine.Game ID it draws
	// Images draws sc.View as seen by sc.Seat (engine.Spectator for the
	// public board): 1 to MaxImages images, the main board first. A seat's
	// view may add images only that seat may see (its hand); a front end
	// shows them only to that seat.
	Images(sc Scene) ([]Image, error)
}

// Set is the renderers a process offers, by game ID.
type Set struct{ r map[string]Renderer }

// NewSet builds a Set; duplicate game IDs panic at wiring time.
func NewSet(rs ...Renderer) *Set {
	s := &Set{r: map[string]Renderer{}}
	for _, r := range rs {
		if _, dup := s.r[r.Game()]; dup {
			panic("render: duplicate renderer for " + r.Game())
		}
		s.r[r.Game()] = r
	}
	return s
}

// Images renders with the game's renderer and checks what it drew against
// the contract of Renderer.Images.
func (s *Set) Images(game string, sc Scene) ([]Image, error) {
	r, ok := s.r[game]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrNoRenderer, game)
	}
	imgs, err := r.Images(sc)
	if err != nil {
		return nil, err
	}
	if err := CheckImages(imgs); err != nil {
		return nil, fmt.Errorf("%s: %w", game, err)
	}
	return imgs, nil
}

// CheckImages reports how a list of images breaks the contract of
// Renderer.Images, or nil.
func CheckImages(imgs []Image) error {
	if len(imgs) == 0 || len(imgs) > MaxImages {
		return fmt.Errorf("%w: %d images (1 to %d)", ErrImages, len(imgs), MaxImages)
	}
	seen := map[string]bool{}
	for _, im := range imgs {
		if !validName(im.Name) {
			return fmt.Errorf("%w: image name %q", ErrImages, im.Name)
		}
		if seen[im.Name] {
			return fmt.Errorf("%w: two images named %q", ErrImages, im.Name)
		}
		seen[im.Name] = true
		if len(im.PNG) == 0 {
			return fmt.Errorf("%w: image %q is empty", ErrImages, im.Name)
		}
	}
	return nil
}

func validName(n string) bool {
	stem, ok := strings.CutSuffix(n, ".png")
	if !ok || stem == "" || len(n) > 64 {
		return false
	}
	for _, c := range stem {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Games lists the game IDs with a renderer.
func (s *Set) Games() []string {
	out := make([]string, 0, len(s.r))
	for g := range s.r {
		out = append(out, g)
	}
	sort.Strings(out)
	return out
}
