package brass

import (
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// words are the images' words in the scene's language: Brass's catalog
// (engine/brass/messages, messages "board.*"), the players' names.
type words struct {
	w  engine.Words
	sc render.Scene
}

// wordsFor is the words of sc (render.Scene.Words with Brass's Info).
func wordsFor(sc render.Scene) words {
	return words{w: sc.Words(brass.New().Info()), sc: sc}
}

// t is message "board.<id>" with data kv.
func (w words) t(id string, kv ...string) string {
	return w.w.Msg(lang.M("board."+id, kv...), "")
}

// name is a seat's display name: the host's name, else the default
// name every image and the narration give it (render.Scene.Name).
func (w words) name(seat int) string { return w.sc.Name(seat) }

// money writes pounds as the language does (lang.Lang.Money): £5, −£6
// in English; 5 £, −6 £ in German and French.
func (w words) money(n int) string { return w.w.Lang.Money(n, "£") }

// industry is an industry's name for a label ("Cotton mill").
func (w words) industry(id string) string {
	return w.w.Msg(lang.M("name.industry-title."+id), "")
}
