package smokyvalley

import (
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// words words the board's texts in the scene's language: the messages
// board.* and name.* of The Smoky Valley's catalog (render.Scene.Words).
// In English the printed names of the data are drawn as they are (the
// catalog's English names are those of sentences: "the United States").
type words struct {
	w  engine.Words
	en bool
}

func newWords(sc render.Scene) words {
	w := sc.Words(sv.New().Info())
	return words{w: w, en: w.Lang == lang.English}
}

// say is the message board.<id> with data kv.
func (x words) say(id string, kv ...string) string {
	return x.w.Msg(lang.M("board."+id, kv...), "")
}

// name is the catalog's name of a token (name.<kind>.<token>) in another
// language, the printed English name in English or without one.
func (x words) name(kind, tok, english string) string {
	if x.en {
		return english
	}
	return x.w.Msg(lang.M("name."+kind+"."+tok), english)
}

// onePound is the £1 the board prints as data of a message (a space's and
// the passing track's cash bonus, the trader bonus, the local market's
// price, a city card's cost: £1 each, as the engine's choices and events
// give "cost" "1"); the message words it with {{money}}, "£1" in English,
// "1 £" in German and French (lang.Lang.Money).
const onePound = "1"

// num is an int as data of a message.
func num(i int) string { return strconv.Itoa(i) }
