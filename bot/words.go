package bot

import (
	"embed"

	"github.com/smokestack/smokestack/engine/lang"
)

//go:embed messages/*.toml
var messages embed.FS

// catalog holds the host's own texts (the core's and its front ends'), in
// every language of lang.Supported; docs/i18n.md.
var catalog = lang.MustLoad("bot", messages, "messages")

// Catalog is the host's message catalog, for front ends (their fixed
// texts live in it too) and for tests (Check, EnglishIn).
func Catalog() *lang.Catalog { return catalog }

// Say words message id of the host's catalog in l (falling back to
// English; tests check that nothing is missing).
func Say(l lang.Lang, id string, kv ...string) string {
	return catalog.Text(l, id, lang.M(id, kv...).Data)
}

// ParseLang reads a language as a person typed it (lang.Parse: a code, a
// tag with a region, a language's name); an unknown one is refused with
// the list of languages, worded in the reader's language.
func ParseLang(s string) (lang.Lang, error) {
	l, err := lang.Parse(s)
	if err != nil {
		return "", withCause(unknownLang(s), err)
	}
	return l, nil
}

// unknownLang refuses a language this build does not speak.
func unknownLang(s string) *Error {
	return detailed(KindInvalid, "language", "value", Echo(s), "list", lang.List())
}
