package smokyvalley

import (
	"embed"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// The Smoky Valley's texts are being moved into its message catalog
// (messages/{en,de,fr}.toml for the texts of play, messages/help.*.toml
// for the help topics; docs/i18n.md). Converted texts take their English
// fields from the English messages. Info.Catalog stays nil until every
// text of the game is in the catalog in every language, so hosts read the
// English fields until then.
//
//go:embed messages/*.toml
var messages embed.FS

var catalog = lang.MustLoad("smoky-valley", messages, "messages")

// Catalog is The Smoky Valley's message catalog, for its tests and, once
// complete, Info.Catalog.
func Catalog() *lang.Catalog { return catalog }

// english words the game's messages in English for the English fields.
var english = engine.Words{Lang: lang.English, Info: engine.Info{Catalog: catalog}}

// en is the English of message id with data kv.
func en(id string, kv ...string) string {
	m := lang.M(id, kv...)
	return catalog.Text(lang.English, m.ID, m.Data)
}
