package lang

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"text/template/parse"
	"unicode"
	"unicode/utf8"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// Check is the completeness test every catalog owner runs (a missing
// translation fails; nothing falls back): the English file has messages;
// every English message exists in German and in French, and no
// translation has a message English lacks; a translation uses the same
// placeholders and sub-messages ({{t "id" ...}}, and the titles of the
// help topics {{topic "id"}} refers to) as the English message; a message
// is plural (has a "one" form) in every language or in none, and
// then gives exactly the plural forms its language's CLDR rules use
// (PluralForms); every referenced sub-message exists; and every form of
// every message runs with its placeholders filled. All problems are
// reported together, sorted.
func (c *Catalog) Check() error {
	var errs []string
	fail := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	if _, _, err := c.langs[Fallback].get(); err != nil {
		return err
	}
	_, en := c.tongue(Fallback)
	if len(en) == 0 {
		return fmt.Errorf("catalog %s: no English messages", c.name)
	}
	for _, l := range Supported {
		if lt := c.langs[l]; lt != nil {
			if _, _, err := lt.get(); err != nil {
				fail("%s: %v", l, err)
				continue
			}
		}
		_, msgs := c.tongue(l)
		if msgs == nil {
			fail("%s: no %s message file", l, l.Name())
			continue
		}
		for id, m := range msgs {
			ref, ok := en[id]
			if !ok {
				fail("%s: %q is not an English message (stale?)", l, id)
				continue
			}
			forms := formsOf(m)
			if isPlural(ref) != isPlural(m) {
				fail("%s: %q is plural in one language and not in the other", l, id)
			} else if isPlural(m) && !slices.Equal(forms, PluralForms[l]) {
				fail("%s: %q has plural forms %v; %s needs exactly %v", l, id, forms, l.Name(), PluralForms[l])
			}
			if l != Fallback && !isName(id) && m.Other == ref.Other && words(withoutActions(m.Other)) > 1 {
				fail("%s: %q is the English text (untranslated? a name shared by every language belongs in name.<kind>.<token>)", l, id)
			}
			if l == French {
				for _, form := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
					if p := frenchTypography(form); p != "" {
						fail("%s: %q: %s", l, id, p)
						break
					}
				}
			}
			fields, subs, err := placeholders(m)
			if err != nil {
				fail("%s: %q: %v", l, id, err)
				continue
			}
			refFields, refSubs, _ := placeholders(ref)
			if !slices.Equal(fields, refFields) {
				fail("%s: %q has placeholders %v, English has %v", l, id, fields, refFields)
			}
			if !slices.Equal(subs, refSubs) {
				fail("%s: %q uses the messages %v, English uses %v", l, id, subs, refSubs)
			}
			for _, s := range subs {
				if _, ok := msgs[s]; !ok {
					fail("%s: %q uses the message %q, which is missing", l, id, s)
				}
			}
			data := map[string]string{}
			for _, f := range fields {
				data[f] = "7"
			}
			for _, n := range sampleCounts(forms) {
				if len(forms) > 0 {
					data[CountKey] = n
				}
				if _, err := c.Localize(l, id, data); err != nil {
					fail("%s: %q: %v", l, id, err)
				}
			}
		}
		if l == Fallback {
			continue
		}
		for id := range en {
			if _, ok := msgs[id]; !ok {
				fail("%s: %q is missing", l, id)
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	slices.Sort(errs)
	return fmt.Errorf("catalog %s is incomplete:\n%w", c.name, errors.New(strings.Join(errs, "\n")))
}

// frenchTypography names the first break of French typography in a text
// (docs/i18n.md, "Numbers and money"): a high punctuation mark (; : ? !)
// or a closing guillemet after an ordinary space, or an opening guillemet
// before one, where French writes a no-break space (U+00A0) so the mark
// never starts a line; or a straight apostrophe in a word, where every
// French text writes ’ (the rules search folds the two: engine.HelpQuery).
// Template actions and code in backquotes are not prose and are skipped.
// Empty when the text is right.
func frenchTypography(s string) string {
	var b strings.Builder
	code := false
	for len(s) > 0 {
		if strings.HasPrefix(s, "{{") {
			if j := strings.Index(s, "}}"); j >= 0 {
				b.WriteByte('x') // an action stands for a word
				s = s[j+2:]
				continue
			}
		}
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		if r == '`' {
			code = !code
			b.WriteByte('x')
			continue
		}
		if code {
			r = 'x'
		}
		b.WriteRune(r)
	}
	t := []rune(b.String())
	for i, r := range t {
		switch {
		case strings.ContainsRune(";:?!»", r) && i > 0 && t[i-1] == ' ':
			return fmt.Sprintf("an ordinary space before %q: French writes a no-break space (U+00A0) there", r)
		case r == '«' && i+1 < len(t) && t[i+1] == ' ':
			return "an ordinary space after «: French writes a no-break space (U+00A0) there"
		case r == '\'' && i > 0 && i+1 < len(t) && unicode.IsLetter(t[i-1]) && unicode.IsLetter(t[i+1]):
			return "a straight apostrophe: the French texts write the typographic one (’, U+2019)"
		}
	}
	return ""
}

// isPlural reports whether a message has plural forms beyond "other".
func isPlural(m *i18n.Message) bool {
	return m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != ""
}

// formsOf lists the plural forms a message gives, in CLDR order; none for
// a message with only "other" that is not plural.
func formsOf(m *i18n.Message) []string {
	if !isPlural(m) {
		return nil
	}
	var out []string
	for _, f := range []struct {
		name, src string
	}{{Zero, m.Zero}, {One, m.One}, {Two, m.Two}, {Few, m.Few}, {Many, m.Many}, {Other, m.Other}} {
		if f.src != "" {
			out = append(out, f.name)
		}
	}
	return out
}

// sampleCounts are counts that reach each plural form of l: 0, 1, 2 and a
// million (French "many").
func sampleCounts(forms []string) []string {
	if len(forms) == 0 {
		return []string{""}
	}
	return []string{"0", "1", "2", "1000000"}
}

// placeholders lists the data keys (sorted, the plural count aside, which
// a singular form may spell out) and the sub-messages ({{t "id" ...}}, and
// {{topic "id"}} as the topic's title, TopicTitle(id)) that any form of m
// uses.
func placeholders(m *i18n.Message) (fields, subs []string, err error) {
	seen := map[string]bool{}
	seenSub := map[string]bool{}
	for _, src := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		if src == "" {
			continue
		}
		trees, err := parse.Parse("m", src, "{{", "}}", funcNames)
		if err != nil {
			return nil, nil, err
		}
		for _, t := range trees {
			walk(t.Root, func(n parse.Node) {
				switch n := n.(type) {
				case *parse.FieldNode:
					if k := n.Ident[0]; k != CountKey && !seen[k] {
						seen[k] = true
						fields = append(fields, k)
					}
				case *parse.CommandNode:
					if len(n.Args) >= 2 {
						if id, ok := n.Args[0].(*parse.IdentifierNode); ok && (id.Ident == "t" || id.Ident == "topic") {
							if s, ok := n.Args[1].(*parse.StringNode); ok {
								sub := s.Text
								if id.Ident == "topic" {
									sub = TopicTitle(sub)
								}
								if !seenSub[sub] {
									seenSub[sub] = true
									subs = append(subs, sub)
								}
							}
						}
					}
				}
			})
		}
	}
	slices.Sort(fields)
	slices.Sort(subs)
	return fields, subs, nil
}

// walk visits n and every node below it.
func walk(n parse.Node, f func(parse.Node)) {
	if n == nil {
		return
	}
	f(n)
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walk(c, f)
		}
	case *parse.ActionNode:
		walk(n.Pipe, f)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			walk(c, f)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walk(a, f)
		}
	case *parse.IfNode:
		walk(n.Pipe, f)
		walk(n.List, f)
		walk(n.ElseList, f)
	case *parse.RangeNode:
		walk(n.Pipe, f)
		walk(n.List, f)
		walk(n.ElseList, f)
	case *parse.WithNode:
		walk(n.Pipe, f)
		walk(n.List, f)
		walk(n.ElseList, f)
	}
}

// EnglishIn lists the English sentences of the catalog that text, worded
// in language l, contains: each run of two or more words between the
// placeholders of an English message, names aside (isName). A test of a
// translated front end asserts that it is empty for everything a German
// or French reader gets.
func (c *Catalog) EnglishIn(l Lang, text string) []string {
	var out []string
	for _, f := range c.englishFragments() {
		if strings.Contains(text, f) {
			out = append(out, f)
		}
	}
	return out
}

// isName reports whether a message is a name that may read the same in
// every language: the game's own ("game.name") or one of its places and
// things ("name.<kind>.<token>").
func isName(id string) bool { return id == "game.name" || strings.HasPrefix(id, "name.") }

// englishFragments are the English runs of words EnglishIn looks for.
func (c *Catalog) englishFragments() []string {
	if f, ok := c.frags.Load(Fallback); ok {
		return f.([]string)
	}
	seen := map[string]bool{}
	var out []string
	_, en := c.tongue(Fallback)
	for id, m := range en {
		if isName(id) {
			continue
		}
		for _, src := range []string{m.One, m.Other} {
			trees, err := parse.Parse("m", src, "{{", "}}", funcNames)
			if err != nil {
				continue
			}
			for _, t := range trees {
				walk(t.Root, func(n parse.Node) {
					tn, ok := n.(*parse.TextNode)
					if !ok {
						return
					}
					f := strings.Trim(string(tn.Text), " ,.:;!?\"")
					if words(f) < 2 || seen[f] {
						return
					}
					seen[f] = true
					out = append(out, f)
				})
			}
		}
	}
	slices.Sort(out)
	c.frags.Store(Fallback, out)
	return out
}

// words counts the words of f, a word being a run with at least two
// letters: "1 grain" and "prestige (" have one word each, "(W G O)" none;
// so few words are shared by too many languages to tell English by.
func words(f string) int {
	n := 0
	for _, w := range strings.Fields(f) {
		letters := 0
		for _, r := range w {
			if unicode.IsLetter(r) {
				letters++
			}
		}
		if letters >= 2 {
			n++
		}
	}
	return n
}

// withoutActions is a template's text without its actions: a message made
// only of placeholders ("{{money .value}}") has no words to translate.
func withoutActions(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		b.WriteByte(' ')
		s = s[i+j+2:]
	}
	b.WriteString(s)
	return b.String()
}
