package engine

import "github.com/smokestack/smokestack/engine/lang"

// Texts fills the English fields a game gives beside each text by
// reference (docs/i18n.md) from the game's own catalog: one wording of
// messages, round names, stats and events for every game, so a game's
// English has one source, its English message file.
type Texts struct{ english Words }

// NewTexts is Texts over a game's catalog.
func NewTexts(cat *lang.Catalog) Texts {
	return Texts{english: Words{Lang: lang.English, Info: Info{Catalog: cat}}}
}

// English is the Words that word the catalog in English.
func (t Texts) English() Words { return t.english }

// En is the English of message id with data kv.
func (t Texts) En(id string, kv ...string) string {
	m := lang.M(id, kv...)
	return t.english.Info.Catalog.Text(lang.English, m.ID, m.Data)
}

// Phrase is a name worded by the catalog's messages "phrase.<key>" and
// "phrase.<key>-short" (Phrase, Words.Phrase), its Text and Short filled.
func (t Texts) Phrase(key string, kv ...string) Phrase {
	p := Phrase{Key: key, Args: lang.M("", kv...).Data}
	p.Text, p.Short = t.english.Phrase(p)
	return p
}

// Stat is a status stat labelled by "stat.<key>"; a money stat (money
// true) is written by "stat-value.<key>".
func (t Texts) Stat(key string, value int, money bool) Stat {
	s := Stat{Key: key, Label: t.En("stat." + key), Value: value}
	if money {
		s.Text = t.english.StatValue(s)
	}
	return s
}

// Event is an event about seat (Public for none) worded by the catalog's
// message "event.<msg>" with data kv, its Text and Own filled (Word).
func (t Texts) Event(audience, seat int, kind, msg string, kv ...string) Event {
	ev := Event{Audience: audience, Seat: seat, Kind: kind, Msg: "event." + msg, Data: lang.M("", kv...).Data}
	t.Word(&ev)
	return ev
}

// Word fills an event's English Text and, when the catalog has its
// second person ("<Msg>-own"), Own.
func (t Texts) Word(ev *Event) {
	ev.Text = t.english.Event(*ev, Spectator)
	if ev.Seat >= 0 && t.english.Info.Catalog.Has(lang.English, ev.Msg+OwnSuffix) {
		ev.Own = t.english.Event(*ev, ev.Seat)
	}
}
