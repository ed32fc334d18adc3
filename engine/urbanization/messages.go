package urbanization

import (
	"embed"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Urbanization's texts are messages of its catalog (messages/en.toml,
// de.toml, fr.toml), the English fields filled from the English messages.
// Converted so far: the game's name, summary, score, options, scoring
// categories, stats, round names, stages and the status line. Events,
// choices, rule errors and help are still English sentences, so
// Info.Catalog stays nil until they are converted too (docs/i18n.md,
// checklist): a host then reads the English fields.
//
//go:embed messages/*.toml
var messages embed.FS

var catalog = lang.MustLoad("urbanization", messages, "messages")

// Catalog is Urbanization's message catalog, for its tests and, once
// complete, Info.Catalog.
func Catalog() *lang.Catalog { return catalog }

// english words Urbanization's messages in English for the English fields.
var english = engine.Words{Lang: lang.English, Info: engine.Info{Catalog: catalog}}

// en is the English message id with data kv.
func en(id string, kv ...string) string {
	m := lang.M(id, kv...)
	return catalog.Text(lang.English, m.ID, m.Data)
}

// phrase is a Phrase worded by the catalog: message key with args kv, its
// short form key+"-short".
func phrase(key string, kv ...string) engine.Phrase {
	p := engine.Phrase{Key: key, Args: lang.M("", kv...).Data}
	p.Text, p.Short = english.Phrase(p)
	return p
}
