package engine

import (
	"embed"
	"errors"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/smokestack/smokestack/engine/lang"
)

//go:embed messages/*.toml
var messages embed.FS

// catalog is the engine's own texts: the name of a seat without a player,
// the labels of the stats the engine defines, the sentinel errors.
var catalog = lang.MustLoad("engine", messages, "messages")

// Catalog is the engine's own message catalog (engine/messages).
func Catalog() *lang.Catalog { return catalog }

// Words words everything a game shows people in one language: a host makes
// one per reader (private replies: the person's language) or per match
// (public posts: the match's language) and asks it for each text instead
// of reading the English fields. A game without a catalog (Info.Catalog
// nil) and a message a catalog lacks fall back to those English fields,
// so a host migrates before every game is translated.
//
// Message IDs in the game's catalog, besides the ones values name (Event.
// Msg, Choice.LabelMsg, Choices.PromptMsg, Status.PhaseMsg, RuleError):
//
//	game.name, game.summary    Info.Name, Info.Summary
//	option.<key>               OptionSpec.Help
//	score                      a score with its unit, plural by "count": "1 win"
//	score-name                 ScoreName.Name
//	scoring.<key>              ScoringCategory.Label
//	stat.<key>                 Stat.Label (the engine's catalog words its own keys)
//	stat-value.<key>           Stat.Text from "value" ("{{money .value}}")
//	card.<token>               Card.Name
//	example.<move>             Example.Meaning, spaces of the move as "-"
//	help.<id>.title, .keywords (comma-separated), .body   HelpTopic
//	name.<kind>.<token>        a token inside Data, for {{name "kind" .key}}
//	currency                   the money symbol {{money}} writes
type Words struct {
	Lang lang.Lang
	Info Info
	// Names are the players' names by seat; a seat without one reads
	// "seat N" in the language.
	Names []string
}

// WordsFor is Words for a game's texts in language l with the players'
// names (nil for none).
func WordsFor(info Info, l lang.Lang, names []string) Words {
	return Words{Lang: l, Info: info, Names: names}
}

// say words message id of cat in w's language; english is the text to
// show when the catalog lacks it (a game not yet translated) or cannot
// word it, and the catalog's English when english is empty too.
func (w Words) say(cat *lang.Catalog, id string, data map[string]string, english string) string {
	if cat != nil {
		if s, err := cat.Localize(w.Lang, id, data); err == nil {
			return s
		}
	}
	if english != "" || cat == nil {
		return english
	}
	return cat.Text(w.Lang, id, data)
}

// game is say in the game's catalog.
func (w Words) game(id string, data map[string]string, english string) string {
	return w.say(w.Info.Catalog, id, data, english)
}

// NameScore is a name with its score, as a legend lists them ("Anna: 28
// VP"; French puts a no-break space before the colon).
func (w Words) NameScore(name, score string) string {
	return catalog.Text(w.Lang, "name-score", map[string]string{"name": name, "score": score})
}

// Seat is a seat as this reader names it: the player's name, else "seat
// N" in the language.
func (w Words) Seat(seat int) string {
	if seat >= 0 && seat < len(w.Names) && w.Names[seat] != "" {
		return w.Names[seat]
	}
	if names, ok := seatNames()[w.Lang]; ok && seat >= 0 && seat < len(names) {
		return names[seat]
	}
	return catalog.Text(w.Lang, "seat", map[string]string{"n": strconv.Itoa(seat + 1)})
}

// SeatTitle is Seat at the start of a sentence: the player's name as it
// is, else "Seat N" / "Spieler N" / "Joueur N" (the default name with a
// capital). An event message writes {{.Seat}} where a sentence begins
// with the seat it is about, {{.seat}} elsewhere.
func (w Words) SeatTitle(seat int) string {
	s := w.Seat(seat)
	if seat >= 0 && seat < len(w.Names) && w.Names[seat] != "" {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// seatNames are the first seats' default names in each language, worded
// once: every English event text names its seats so.
var seatNames = sync.OnceValue(func() map[lang.Lang][]string {
	out := map[lang.Lang][]string{}
	for _, l := range lang.Supported {
		for i := range 8 {
			out[l] = append(out[l], catalog.Text(l, "seat", map[string]string{"n": strconv.Itoa(i + 1)}))
		}
	}
	return out
})

// Event is the event as viewer (a seat, or Spectator) reads it: the
// second-person message when it is about viewer and the catalog has one.
// An event without Msg is its English Text (Own for its seat) with the
// seats named (NameSeatsFor).
func (w Words) Event(ev Event, viewer int) string {
	cat := w.Info.Catalog
	if ev.Msg == "" || cat == nil {
		text := ev.Text
		if viewer != Spectator && viewer == ev.Seat && ev.Own != "" {
			text = ev.Own
		}
		return NameSeatsFor(text, w.Names, viewer)
	}
	data := w.SeatData(ev.Data, ev.Seat)
	id := ev.Msg
	if viewer != Spectator && viewer == ev.Seat && (cat.Has(w.Lang, id+OwnSuffix) || cat.Has(lang.Fallback, id+OwnSuffix)) {
		id += OwnSuffix
	}
	return cat.Text(w.Lang, id, data)
}

// SeatData is the data of an event or a phase with its seats named for
// this reader: a key beginning with "seat" holds a seat index (0-based)
// and becomes that seat's name (Seat), a key beginning with "Seat" the
// same name as it begins a sentence (SeatStart); the key "seat" (and
// "Seat") is the event's own seat when seat is one (>= 0). Any other key
// is kept as is.
func (w Words) SeatData(data map[string]string, seat int) map[string]string {
	out := make(map[string]string, len(data)+2)
	for k, v := range data {
		if n, err := strconv.Atoi(v); err == nil {
			switch {
			case strings.HasPrefix(k, "seat"):
				v = w.Seat(n)
			case strings.HasPrefix(k, "Seat"):
				v = w.SeatStart(n)
			}
		}
		out[k] = v
	}
	if seat >= 0 {
		out["seat"], out["Seat"] = w.Seat(seat), w.SeatStart(seat)
	}
	return out
}

// SeatStart is Seat as it begins a sentence: a player's name as it is,
// else "Seat N" ("Spieler N", "Joueur N") with its first letter in
// capitals. A message beginning with the seat writes {{.Seat}}.
func (w Words) SeatStart(seat int) string { return w.SeatTitle(seat) }

// Msg words any message of the game's catalog (a structured round name
// ...), english standing in when the catalog cannot.
func (w Words) Msg(m lang.Msg, english string) string {
	if m.ID == "" {
		return english
	}
	data := m.Data
	for k := range m.Data {
		if strings.HasPrefix(k, "seat") || strings.HasPrefix(k, "Seat") {
			data = w.SeatData(m.Data, -1)
			break
		}
	}
	return w.game(m.ID, data, english)
}

// PhrasePrefix begins the message IDs that word a Phrase: a round name,
// a stage or Info.Rounds with Key k is the message "phrase.<k>" with the
// Phrase's Args as its data, and its short form (a chart's axis) the
// message "phrase.<k>-short". This is how a Phrase is a text by
// reference, like a lang.Msg (Phrase.Msg).
const PhrasePrefix = "phrase."

// Msg is the phrase by reference: message "phrase.<Key>" with Args.
func (p Phrase) Msg() lang.Msg {
	if p.Key == "" {
		return lang.Msg{}
	}
	return lang.Msg{ID: PhrasePrefix + p.Key, Data: p.Args}
}

// ShortMsg is the short form by reference: "phrase.<Key>-short".
func (p Phrase) ShortMsg() lang.Msg {
	if p.Key == "" {
		return lang.Msg{}
	}
	return lang.Msg{ID: PhrasePrefix + p.Key + "-short", Data: p.Args}
}

// Phrase words a round name, a stage or Info.Rounds in the reader's
// language: the text and its short form, each falling back to the English
// Text and Short when the catalog lacks its message.
func (w Words) Phrase(p Phrase) (text, short string) {
	return w.Msg(p.Msg(), p.Text), w.Msg(p.ShortMsg(), p.Short)
}

// Choice is a choice's label and help; seats in their data are named as
// in an event's (SeatData).
func (w Words) Choice(c Choice) (label, help string) {
	return w.seatMsg(c.LabelMsg, c.Label), w.seatMsg(c.HelpMsg, c.Help)
}

// Prompt is what a decision asks (seats named as in Choice).
func (w Words) Prompt(c Choices) string { return w.seatMsg(c.PromptMsg, c.Prompt) }

// seatMsg is Msg, which names the seats of m's data (SeatData).
func (w Words) seatMsg(m lang.Msg, english string) string { return w.Msg(m, english) }

// Phase is a status's phase; seats in PhaseMsg.Data are named as in an
// event's (SeatData: a key beginning with "seat" or "Seat" holds a seat
// index).
func (w Words) Phase(s Status) string { return w.seatMsg(s.PhaseMsg, s.Phase) }

// TieBreak is how a finished game's ties were broken (Status.TieBreak) in
// the reader's language: each of TieBreakMsgs worded (seats named as in
// an event's data) and joined by "; ". When the game gives no messages
// or the catalog cannot word one of them, the English TieBreak.
func (w Words) TieBreak(s Status) string {
	if len(s.TieBreakMsgs) == 0 || w.Info.Catalog == nil {
		return s.TieBreak
	}
	parts := make([]string, 0, len(s.TieBreakMsgs))
	for _, m := range s.TieBreakMsgs {
		t := w.seatMsg(m, "")
		if t == "" {
			return s.TieBreak
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "; ")
}

// StatLabel is a stat's (or a breakdown entry's) label: the game's
// message stat.<key>, else scoring.<key> (a breakdown entry is a scoring
// category), else the engine's stat.<key> (for the keys it defines).
func (w Words) StatLabel(s Stat) string {
	for _, id := range []string{"stat." + s.Key, "scoring." + s.Key} {
		if w.Info.Catalog.Has(lang.Fallback, id) {
			return w.game(id, nil, s.Label)
		}
	}
	return w.say(catalog, "stat."+s.Key, nil, s.Label)
}

// StatValue is a stat's value as printed: the game's message
// stat-value.<key> with the value as "value" and the stat's Data, else the number grouped as
// the language groups digits.
func (w Words) StatValue(s Stat) string {
	id := "stat-value." + s.Key
	if w.Info.Catalog.Has(lang.Fallback, id) {
		data := make(map[string]string, len(s.Data)+1)
		for k, v := range s.Data {
			data[k] = v
		}
		data["value"] = strconv.Itoa(s.Value)
		return w.game(id, data, s.Shown())
	}
	if s.Text != "" && w.Info.Catalog == nil {
		return s.Text
	}
	return w.Lang.Int(s.Value)
}

// StatHelp explains how a stat's value is written (the letters of a
// compact value, say), from the game's optional message stat-help.<key>;
// "" when the game gives none.
func (w Words) StatHelp(key string) string {
	id := "stat-help." + key
	if !w.Info.Catalog.Has(lang.Fallback, id) {
		return ""
	}
	return w.game(id, nil, "")
}

// BreakdownLabel is the label of a breakdown entry (SeatStatus.Breakdown):
// a scoring category, worded by scoring.<key> (Category), never by
// stat.<key>, though a category may share its key with a stat (Brass's
// "money" is both the cash a seat holds and the points it scores for it).
func (w Words) BreakdownLabel(s Stat) string {
	return w.Category(ScoringCategory{Key: s.Key, Label: s.Label})
}

// BreakdownValue is a breakdown entry's value: points, a bare number as
// the language groups digits, never a stat's formatting (stat-value.<key>)
// of the same key.
func (w Words) BreakdownValue(s Stat) string { return w.Lang.Int(s.Value) }

// Breakdown is a seat's breakdown with each entry's Label and Text worded
// by BreakdownLabel and BreakdownValue.
func (w Words) Breakdown(in []Stat) []Stat {
	if in == nil {
		return nil
	}
	out := make([]Stat, len(in))
	for i, x := range in {
		x.Label, x.Text = w.BreakdownLabel(x), w.BreakdownValue(x)
		out[i] = x
	}
	return out
}

// Category is a scoring category's label.
func (w Words) Category(c ScoringCategory) string {
	if c.Key == StatUntracked {
		return w.say(catalog, "stat."+c.Key, nil, c.Label)
	}
	return w.game("scoring."+c.Key, nil, c.Label)
}

// Score is a score with the game's unit: "1 win", "2 Siege".
func (w Words) Score(n int) string {
	return w.game("score", map[string]string{lang.CountKey: strconv.Itoa(n)}, w.Info.Score.Of(n))
}

// ScoreName is what the game calls its score, in full.
func (w Words) ScoreName() string { return w.game("score-name", nil, w.Info.Score.Name) }

// ScoreShort is the score's short name, as a chart's axis shows it
// ("VP", "SP", "PV").
func (w Words) ScoreShort() string { return w.game("score-short", nil, w.Info.Score.Short) }

// GameName and Summary are the game's display name and one-line summary.
func (w Words) GameName() string { return w.game("game.name", nil, w.Info.Name) }
func (w Words) Summary() string  { return w.game("game.summary", nil, w.Info.Summary) }

// Option is an option's help.
func (w Words) Option(o OptionSpec) string { return w.game("option."+o.Key, nil, o.Help) }

// OptionLabel is an option's name in a form ("Link scoring"): the game's
// "option-label.<key>", else the key with its dashes as spaces. The key
// itself stays notation (typed as key=value).
func (w Words) OptionLabel(o OptionSpec) string {
	return w.game("option-label."+o.Key, nil, strings.ReplaceAll(o.Key, "-", " "))
}

// OptionValue is one of an option's values in a form ("all counters"):
// the game's "option-value.<key>.<value>", else the value as it is.
func (w Words) OptionValue(o OptionSpec, v string) string {
	return w.game("option-value."+o.Key+"."+v, nil, v)
}

// Card is a card's name.
func (w Words) Card(c Card) string { return w.game("card."+c.Token, nil, c.Name) }

// Example is a notation example's meaning (the move stays notation).
func (w Words) Example(e Example) string {
	return w.game("example."+strings.ReplaceAll(e.Move, " ", "-"), nil, e.Meaning)
}

// Help is the game's help topics in the language, in Info.Help's order
// with its IDs and kinds (a topic a catalog lacks stays English). Hosts
// index them once per language (NewHelpIndex).
func (w Words) Help() []HelpTopic {
	out := make([]HelpTopic, len(w.Info.Help))
	for i, t := range w.Info.Help {
		p := "help." + t.ID + "."
		if t.TitleMsg.ID != "" {
			t.Title = w.Msg(t.TitleMsg, t.Title)
		} else {
			t.Title = w.game(p+"title", nil, t.Title)
		}
		if len(t.BodyMsgs) > 0 {
			parts := make([]string, 0, len(t.BodyMsgs))
			for _, m := range t.BodyMsgs {
				if s := w.game(m.ID, m.Data, ""); s != "" {
					parts = append(parts, s)
				}
			}
			if body := strings.Join(parts, " "); body != "" {
				t.Body = body
			}
		} else {
			t.Body = w.game(p+"body", nil, t.Body)
		}
		switch {
		case t.KeywordsMsg.ID != "":
			if w.Info.Catalog.Has(w.Lang, t.KeywordsMsg.ID) {
				t.Keywords = SplitKeywords(w.game(t.KeywordsMsg.ID, t.KeywordsMsg.Data, ""))
			}
		case w.Info.Catalog.Has(w.Lang, p+"keywords"):
			t.Keywords = SplitKeywords(w.game(p+"keywords", nil, ""))
		}
		out[i] = t
	}
	return out
}

// TopicKind is a help topic's kind (HelpTopic.Kind: "rule", "canal
// tile") in the language: the game's message topic-kind.<kind> (spaces
// as -), else the kind as it is.
func (w Words) TopicKind(kind string) string {
	return w.game("topic-kind."+strings.ReplaceAll(kind, " ", "-"), nil, kind)
}

// SplitKeywords reads a help topic's keywords message: comma-separated.
func SplitKeywords(s string) []string {
	var out []string
	for _, k := range strings.Split(s, ",") {
		if k = strings.TrimSpace(k); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// sentinels are the engine's errors and their messages.
var sentinels = []struct {
	err error
	id  string
}{
	{ErrNotYourTurn, "error.not-your-turn"}, {ErrGameOver, "error.game-over"}, {ErrBadSeat, "error.bad-seat"},
	{ErrIncompleteMove, "error.incomplete-move"}, {ErrUnknownGame, "error.unknown-game"},
	{ErrStateVersion, "error.state-version"}, {ErrRulesVersion, "error.rules-version"},
}

// Error words an error of a game for a player: a RuleError by its message
// in the game's catalog (RulePrefix+Code with Data), a SetupError by its
// message (SetupPrefix+Key with QuotedData, as its English Msg reads), a
// sentinel of this package by the engine's catalog, anything else as it
// prints itself.
func (w Words) Error(err error) string {
	if re, ok := AsRule(err); ok {
		if re.Data == nil && !w.Info.Catalog.Has(lang.Fallback, re.MsgID()) {
			return re.Msg
		}
		return w.game(re.MsgID(), re.Data, re.Msg)
	}
	var se *SetupError
	if errors.As(err, &se) {
		return w.game(se.MsgID(), se.QuotedData(), se.Msg)
	}
	for _, s := range sentinels {
		if errors.Is(err, s.err) {
			return catalog.Text(w.Lang, s.id, nil)
		}
	}
	return err.Error()
}
