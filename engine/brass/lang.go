package brass

import (
	"embed"
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Every text of Brass a player reads comes from its message catalog
// (messages/en.toml, de.toml, fr.toml; the help topics in help.*.toml;
// docs/i18n.md): events, choices, prompts, the status, rule errors,
// options, cards. The English fields are filled from the English
// messages; Info.Catalog lets hosts word them in any language.
//
//go:embed messages/*.toml
var messages embed.FS

var catalog = lang.MustLoad("brass", messages, "messages")

// english words Brass's messages in English for the English fields.
var texts = engine.NewTexts(catalog)

var english = texts.English()

// en is the English of message id with data kv.
func en(id string, kv ...string) string { return texts.En(id, kv...) }

// phrase is a name worded by the catalog's messages "phrase.<key>" and
// "phrase.<key>-short" (engine.Phrase, Words.Phrase).
func phrase(key string, kv ...string) engine.Phrase { return texts.Phrase(key, kv...) }

// stat is a status stat labelled by "stat.<key>"; money stats (money
// true) are written by "stat-value.<key>".
func stat(key string, value int, money bool) engine.Stat { return texts.Stat(key, value, money) }

// itoa is strconv.Itoa, for message data.
func itoa(n int) string { return strconv.Itoa(n) }

// event is a public event about seat worded by the catalog's message
// "event.<msg>": Text and, when the catalog has the second person
// ("event.<msg>-own"), Own are its English.
func event(seat int, kind, msg string, kv ...string) engine.Event {
	return texts.Event(engine.Public, seat, kind, msg, kv...)
}

// ask is a decision's prompt, the catalog's message "prompt.<id>".
func ask(id string, kv ...string) lang.Msg { return lang.M("prompt."+id, kv...) }

// costMsg is a choice's price, "£12".
func costMsg(n int) lang.Msg { return lang.M("choice.cost", "cost", itoa(n)) }

// linkLabel is a link's choice label, "Bolton – Bury".
func linkLabel(l *link) lang.Msg {
	return lang.M("choice.link", "a", theBoard().places[l.a].ID, "b", theBoard().places[l.b].ID)
}

// rule is a rule error worded by the catalog's message "rule.<code>"
// with data kv (engine.RuleMsg); its Msg is the English.
func rule(code, topic string, kv ...string) *engine.RuleError {
	return engine.RuleMsg(catalog, code, topic, kv...)
}
