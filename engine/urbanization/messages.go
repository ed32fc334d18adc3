package urbanization

import (
	"embed"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Urbanization's texts are messages of its catalog (messages/en.toml,
// de.toml, fr.toml), the English fields filled from the English messages.
// Every text of play is a message: the game's name, summary, score,
// options, scoring categories, stats, round names, stages, the status
// line, events (Msg + Data, "-own" for the seat they are about), choices
// (LabelMsg, HelpMsg), prompts (PromptMsg) and rule errors (rule.<code>).
// Territories, factories, inventions, characters, colours and docking
// spaces inside them are tokens worded by name.<kind>.<token>. The help
// topics (help.go, topics.go) are the help files' (help.*.toml).
//
//go:embed messages/*.toml
var messages embed.FS

var catalog = lang.MustLoad("urbanization", messages, "messages")

// Catalog is Urbanization's message catalog (Info.Catalog).
func Catalog() *lang.Catalog { return catalog }

// english words Urbanization's messages in English for the English fields.
var texts = engine.NewTexts(catalog)

// en is the English message id with data kv.
func en(id string, kv ...string) string { return texts.En(id, kv...) }

// phrase is a Phrase worded by the catalog: message key with args kv, its
// short form key+"-short".
func phrase(key string, kv ...string) engine.Phrase { return texts.Phrase(key, kv...) }

// msg is message id with data kv, a text by reference.
func msg(id string, kv ...string) lang.Msg { return lang.M(id, kv...) }

// enMsg is m in English.
func enMsg(m lang.Msg) string {
	if m.ID == "" {
		return ""
	}
	return catalog.Text(lang.English, m.ID, m.Data)
}

// event is a public event about seat (or engine.Public) worded by the
// catalog's message "event.<id>" (its second person "event.<id>-own");
// kv are its Data. Its English Text and Own are filled by worded, once
// the move is applied: a walk for Choices builds events it throws away.
func event(seat int, kind, id string, kv ...string) engine.Event {
	e := engine.Event{Audience: engine.Public, Seat: seat, Kind: kind, Msg: "event." + id}
	if len(kv) > 0 {
		e.Data = lang.M("", kv...).Data
	}
	return e
}

// worded fills the English Text and, when the catalog has the second
// person, Own of events built by event.
func worded(evs []engine.Event) []engine.Event {
	for i := range evs {
		texts.Word(&evs[i])
	}
	return evs
}

// rule is a RuleError worded by the catalog's message "rule.<code>".
func rule(code, topic string, kv ...string) *engine.RuleError {
	return engine.RuleMsg(catalog, code, topic, kv...)
}

// terrList is the data of a list of territories (tokens, each once, in
// the order given) for a message naming them: "count" territories, the
// last one's number "last" and the others' numbers "nums" ("3, 5"), as
// "territories {{.nums}} and {{.last}}" writes them; "territory" is the
// token of the first.
func terrList(toks []string) []string {
	toks = slices.Compact(slices.Clone(toks))
	nums := make([]string, len(toks))
	for i, tok := range toks {
		nums[i] = strconv.Itoa(terrNumber(theData().terrIndex[tok]))
	}
	return []string{"territory", toks[0], "terrs", strconv.Itoa(len(toks)),
		"nums", strings.Join(nums[:len(nums)-1], ", "), "last", nums[len(nums)-1]}
}

// ruleVariant is a RuleError of code worded by the catalog's message
// "rule.<code>-<variant>" (engine.RuleVariant).
func ruleVariant(code, variant, topic string, kv ...string) *engine.RuleError {
	return engine.RuleVariant(catalog, code, variant, topic, kv...)
}

// notOffered refuses token tok at a decision asked by prompt: the rule
// move.not-offered in its variant for the prompt repeats the question
// (the prompt's data with the token).
func notOffered(prompt lang.Msg, topic, tok string) *engine.RuleError {
	id, ok := strings.CutPrefix(prompt.ID, "prompt.")
	if !ok {
		return rule("move.not-offered", topic, "token", tok)
	}
	kv := []string{"token", tok}
	for _, k := range slices.Sorted(maps.Keys(prompt.Data)) {
		kv = append(kv, k, prompt.Data[k])
	}
	return ruleVariant("move.not-offered", id, topic, kv...)
}
