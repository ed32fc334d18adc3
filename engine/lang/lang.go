// Package lang is the game-neutral machinery of Smokestack's languages: the
// languages players may choose (English, German, French; English the
// fallback), matching a Discord locale or an HTTP Accept-Language header to
// one of them, message catalogs loaded from embedded message files (one per
// language, owned by the package whose texts they hold), number and money
// formatting per language, and the completeness check every catalog owner
// runs in its tests.
//
// The catalogs use github.com/nicksnyder/go-i18n/v2: message files in TOML,
// placeholders as text/template actions on named data ({{.seat}}), and the
// CLDR plural rules of each language. See docs/i18n.md.
package lang

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"
)

// Lang is a supported language, by its ISO 639-1 code: "en", "de", "fr".
type Lang string

// The supported languages.
const (
	English Lang = "en"
	German  Lang = "de"
	French  Lang = "fr"
)

// Fallback is the language used when a person's or server's language has
// no catalog, and the language every catalog must be complete in.
const Fallback = English

// Supported lists the languages in the order menus list them.
var Supported = []Lang{English, German, French}

// names are each language's name in itself, as a language menu shows it.
var names = map[Lang]string{English: "English", German: "Deutsch", French: "Français"}

// tags are the BCP 47 tags of the supported languages, in Supported order.
var tags = []language.Tag{language.English, language.German, language.French}

var matcher = language.NewMatcher(tags)

// Name is the language's name in itself: "Deutsch".
func (l Lang) Name() string { return names[l] }

// Tag is the language's BCP 47 tag.
func (l Lang) Tag() language.Tag {
	for i, s := range Supported {
		if s == l {
			return tags[i]
		}
	}
	return language.English
}

// Valid reports whether l is a supported language.
func (l Lang) Valid() bool { _, ok := names[l]; return ok }

// List names the supported languages for messages: "en (English), de
// (Deutsch), fr (Français)".
func List() string {
	parts := make([]string, len(Supported))
	for i, l := range Supported {
		parts[i] = fmt.Sprintf("%s (%s)", l, l.Name())
	}
	return strings.Join(parts, ", ")
}

// Parse reads a language as a person types it (a /play option, --lang):
// its code, a tag with a region ("de-CH", "fr_FR"), or its name in itself
// or in English, any case. Anything else is refused with an error that
// lists the languages.
func Parse(s string) (Lang, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, l := range Supported {
		if t == string(l) || t == strings.ToLower(l.Name()) {
			return l, nil
		}
	}
	switch t {
	case "english", "anglais", "englisch":
		return English, nil
	case "german", "allemand":
		return German, nil
	case "french", "französisch", "francais":
		return French, nil
	}
	if base, region, ok := strings.Cut(strings.ReplaceAll(t, "_", "-"), "-"); ok && region != "" {
		for _, l := range Supported {
			if base == string(l) {
				return l, nil
			}
		}
	}
	return "", fmt.Errorf("unknown language %q: the languages are %s", s, List())
}

// FromDiscord is the language for a Discord locale ("de", "fr", "en-US",
// "en-GB", "es-ES" ...): the supported language of the locale's base
// language, else Fallback.
func FromDiscord(locale string) Lang {
	base, _, _ := strings.Cut(strings.ToLower(locale), "-")
	for _, l := range Supported {
		if base == string(l) {
			return l
		}
	}
	return Fallback
}

// FromAcceptLanguage is the language for an HTTP Accept-Language header
// ("de-DE,de;q=0.9,en;q=0.8"): the best supported match by the header's
// weights, else Fallback (also for an empty or malformed header).
func FromAcceptLanguage(header string) Lang {
	prefs, _, err := language.ParseAcceptLanguage(header)
	if err != nil || len(prefs) == 0 {
		return Fallback
	}
	_, i, conf := matcher.Match(prefs...)
	if conf == language.No {
		return Fallback
	}
	return Supported[i]
}

// Plural forms, as CLDR names them.
const (
	Zero  = "zero"
	One   = "one"
	Two   = "two"
	Few   = "few"
	Many  = "many"
	Other = "other"
)

// PluralForms are the CLDR plural categories of each language's cardinal
// numbers (CLDR plurals.xml, as go-i18n implements them): a plural
// message must give each of them. French has "many" for a million and
// more ("1 000 000 de cailloux"). TestPluralFormsMatchLibrary checks the
// table against the library's rules.
var PluralForms = map[Lang][]string{
	English: {One, Other},
	German:  {One, Other},
	French:  {One, Many, Other},
}
