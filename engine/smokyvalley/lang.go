package smokyvalley

import (
	"embed"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Every text of play The Smoky Valley shows is a message of its catalog
// (messages/{en,de,fr}.toml; its help topics in messages/help.*.toml,
// docs/i18n.md): status, events, choices, prompts and rule errors are
// given by reference, and their English fields are filled from the
// English messages. Info.Catalog is set, so hosts word them in the
// reader's language (engine.Words).
//
//go:embed messages/*.toml
var messages embed.FS

var catalog = lang.MustLoad("smoky-valley", messages, "messages")

// Catalog is The Smoky Valley's message catalog (Info.Catalog).
func Catalog() *lang.Catalog { return catalog }

// english words the game's messages in English for the English fields.
var texts = engine.NewTexts(catalog)

var english = texts.English()

// en is the English of message id with data kv.
func en(id string, kv ...string) string { return texts.En(id, kv...) }

// msg is message id with data kv and its English, the seats of the data
// (keys beginning with "seat" or "Seat") named as engine.Words names them.
func msg(id string, kv ...string) (lang.Msg, string) {
	m := lang.M(id, kv...)
	return m, catalog.Text(lang.English, m.ID, english.SeatData(m.Data, -1))
}

// phrase is a name worded by the catalog's messages "phrase.<key>" and
// "phrase.<key>-short" (engine.Phrase, Words.Phrase).
func phrase(key string, kv ...string) engine.Phrase { return texts.Phrase(key, kv...) }

// stat is a status stat labelled by "stat.<key>"; money stats (money
// true) are written by "stat-value.<key>". A stat is a plain value (no
// Data) that depends on its arguments only, so those with small values are
// worded once and remembered: Status, which the computer players' search
// calls after every move, words about ten a seat (docs/performance.md).
func stat(key string, value int, money bool) engine.Stat {
	if value < -statMemoMax || value > statMemoMax {
		return texts.Stat(key, value, money)
	}
	k := statKey{key, value, money}
	if s, ok := statMemo.Load(k); ok {
		return s.(engine.Stat)
	}
	s := texts.Stat(key, value, money)
	statMemo.Store(k, s)
	return s
}

// statMemo holds the stats stat has worded, by statKey; values beyond
// ±statMemoMax are worded every time, which bounds it.
var statMemo sync.Map

const statMemoMax = 1000

type statKey struct {
	key   string
	value int
	money bool
}

// event is a public event about seat (engine.Public for none) worded by the
// catalog's message "event.<msg>" with data kv: Text and, when the
// catalog has the second person ("event.<msg>-own"), Own are its English.
// A message begins with {{.Seat}} where the event's seat begins the
// sentence; keys beginning with "seat" or "Seat" hold other seats'
// indexes (engine.Words.SeatData).
func event(seat int, kind, msg string, kv ...string) engine.Event {
	return texts.Event(engine.Public, seat, kind, msg, kv...)
}

// itoa is strconv.Itoa, for message data.
func itoa(n int) string { return strconv.Itoa(n) }

// reason is the token of a reason for a gain (gainPrestige, gainGood,
// gainPop, incomeUp): its words joined by hyphens, without apostrophes or
// the pound sign ("owner's bonus" is "owners-bonus"), worded by the
// catalog's name.why.<token>.
func reason(why string) string {
	why = strings.NewReplacer("'", "", "£", "").Replace(why)
	return strings.Join(strings.Fields(why), "-")
}

// shipEvent is an event naming ship s: the message msg for a neutral
// ship, msg+"-owned" for a seat's, with the ship's kind ("vessel":
// schooner or canaller), its destination ("dest", a market) and its owner
// ("seatowner") in the data.
func shipEvent(seat int, kind, msg string, s Ship, kv ...string) engine.Event {
	vessel := "schooner"
	if s.Big {
		vessel = "canaller"
	}
	kv = append(kv, "vessel", vessel, "dest", theData().markets[s.Market].ID)
	if s.Owner >= 0 {
		msg += "-owned"
		kv = append(kv, "seatowner", itoa(s.Owner))
	}
	return event(seat, kind, msg, kv...)
}

// choice is an answer to a decision with token tok, labelled by the
// catalog's message "choice.<id>" with data kv (seats as in an event's).
func choice(tok, id string, kv ...string) opt {
	return opt{tok: tok, id: id, kv: kv, has: true}
}

// prompt is a decision asked by the catalog's message "prompt.<id>".
func prompt(id string, kv ...string) lang.Msg { return lang.M("prompt."+id, kv...) }

// industryChoice is the industry tile t on space k (the Wood Depot space
// when k < 0) as an answer: with its owner (or neutral) and its side when
// whose is set (production), else its name and space (upgrade).
func industryChoice(t Tile, k int, whose bool) opt {
	id, kv := "industry", []string{"industry", theData().industries[t.Ind].ID}
	if whose {
		switch {
		case t.Owner >= 0:
			id += "-owned"
			kv = append(kv, "seatowner", itoa(t.Owner))
		default:
			id += "-neutral"
		}
		if t.Up {
			id += "-upgraded"
		}
	}
	if k < 0 {
		id += "-depot"
	} else {
		kv = append(kv, "space", itoa(k+1))
	}
	return choice(spaceToken(k), id, kv...)
}

// shipChoice is an answer naming ship s: message choice.<id> for a
// neutral ship, choice.<id>-owned for a seat's, with the ship's kind,
// destination and owner as in shipEvent.
func shipChoice(tok, id string, s Ship, kv ...string) opt {
	vessel := "schooner"
	if s.Big {
		vessel = "canaller"
	}
	kv = append(kv, "vessel", vessel, "dest", theData().markets[s.Market].ID)
	if s.Owner >= 0 {
		id += "-owned"
		kv = append(kv, "seatowner", itoa(s.Owner))
	}
	return choice(tok, id, kv...)
}

// rule is a RuleError worded by the catalog's message "rule.<code>" with
// data kv; its Msg is the English.
func rule(code, topic string, kv ...string) *engine.RuleError {
	return engine.RuleMsg(catalog, code, topic, kv...)
}
