package engine

import "github.com/smokestack/smokestack/engine/lang"

// A Phrase (a round's name, a stage) is worded through the game's catalog
// like any message: its Key is the message ID and its Args the data, and
// Key+"-short" words Short (docs/i18n.md, "Round names"). A catalog that
// lacks the message leaves the English Text and Short.

// Msg is p by reference: message Key with Args.
func (p Phrase) Msg() lang.Msg { return lang.Msg{ID: p.Key, Data: p.Args} }

// ShortMsg is p's short form by reference: message Key+"-short" with Args.
func (p Phrase) ShortMsg() lang.Msg {
	if p.Key == "" {
		return lang.Msg{}
	}
	return lang.Msg{ID: p.Key + ShortSuffix, Data: p.Args}
}

// ShortSuffix ends the ID of a Phrase's short form.
const ShortSuffix = "-short"

// Phrase words p for a status line: the game's message p.Key, else p.Text.
func (w Words) Phrase(p Phrase) string { return w.Msg(p.Msg(), p.Text) }

// PhraseShort words p for a chart's axis: the game's message
// p.Key+"-short", else p.Short.
func (w Words) PhraseShort(p Phrase) string { return w.Msg(p.ShortMsg(), p.Short) }
