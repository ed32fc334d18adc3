package lang

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/template"
	"text/template/parse"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// Msg is a text by reference: a message ID in a catalog and the data its
// placeholders read. Data[CountKey], when present, is the number that
// picks the plural form. Engines hand Msgs to hosts instead of finished
// sentences, so that each host words them in its reader's language.
type Msg struct {
	ID   string            `json:"id"`
	Data map[string]string `json:"data,omitempty"`
}

// M builds a Msg from an ID and key, value pairs: M("take", "count", "3").
// An odd trailing key is ignored.
func M(id string, kv ...string) Msg {
	m := Msg{ID: id}
	if len(kv) >= 2 {
		m.Data = make(map[string]string, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			m.Data[kv[i]] = kv[i+1]
		}
	}
	return m
}

// CountKey is the data key whose value selects a message's plural form.
const CountKey = "count"

// Catalog is one package's messages in every supported language, loaded
// from message files "<lang>.toml" (go-i18n's TOML format). It is safe for
// concurrent use. go-i18n reads the files and picks plural forms by the
// CLDR rules; the catalog runs each language's templates itself (parsed
// once, on the message's first use, with that language's functions),
// which spares each text go-i18n's language matching per call
// (docs/performance.md).
type Catalog struct {
	name  string
	langs map[Lang]*lazyTongue // each language's messages, read on first use
	parts map[Lang]map[string]*lazyTongue
	frags sync.Map // Lang -> []string, for EnglishIn
}

// A part file "<part>.<lang>.toml" whose message IDs all begin with
// "<part>." is a scoped part: no other file may hold a message with that
// prefix (reading the whole language checks it: Load and Check fail
// otherwise), so a message of that prefix is worded from the part alone
// until the whole language is read. The playground's first page words
// only its web.* messages and so reads web.en.toml, not the host's whole
// catalog (docs/performance.md, "Cold start"). A part whose IDs do not
// all share its prefix (help.<lang>.toml of the games) is read with the
// whole language only.

// tongue is a catalog's messages in one language; each message's
// templates are parsed on its first use, with the language's template
// functions (funcs).
type tongue struct {
	lang    Lang
	entries map[string]*entry
	funcs   template.FuncMap
}

// entry is one message: each of its forms ("other" for a message without
// plural forms) either plain text or a template, parsed on the message's
// first use (most messages of a catalog are never worded by a given
// process, and parsing them all was a third of reading a catalog).
type entry struct {
	id     string
	plural bool
	plain  map[string]string
	src    map[string]string // the forms that are templates, unparsed
	once   sync.Once
	err    error                // the first form's parse error, in form order
	simple map[string][]segment // templates of text and simple actions only (simpleSegments)
	tmpl   map[string]*template.Template
}

// parse parses e's templates once.
func (e *entry) parse(funcs template.FuncMap) error {
	e.once.Do(func() {
		if len(e.src) == 0 {
			return
		}
		e.simple, e.tmpl = map[string][]segment{}, map[string]*template.Template{}
		for _, form := range []string{Zero, One, Two, Few, Many, Other} {
			text, ok := e.src[form]
			if !ok {
				continue
			}
			tp, err := template.New(e.id).Option("missingkey=error").Funcs(funcs).Parse(text)
			if err != nil {
				if e.err == nil {
					e.err = err
				}
				continue
			}
			if segs, ok := simpleSegments(tp, funcs); ok {
				e.simple[form] = segs
			} else {
				e.tmpl[form] = tp
			}
		}
	})
	return e.err
}

// segment is a piece of a simple template: literal text, then the value of
// a data key (none for the last piece), passed through apply when the
// action calls a function of the catalog ({{num .n}}, {{name "kind" .k}}).
type segment struct {
	text, key string
	apply     func(string) string
}

// simpleSegments compiles a template made of text and simple actions into
// segments, which run without text/template's reflection: a bare
// {{.key}}, {{num .key}} or {{money .key}}, and {{name "kind" .key}} or
// {{t "id" .key}} (funcs are the language's template functions). ok is
// false for any other template.
func simpleSegments(tp *template.Template, funcs template.FuncMap) (segs []segment, ok bool) {
	var pending strings.Builder
	for _, n := range tp.Tree.Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			pending.Write(n.Text)
		case *parse.ActionNode:
			if len(n.Pipe.Decl) > 0 || len(n.Pipe.Cmds) != 1 {
				return nil, false
			}
			args := n.Pipe.Cmds[0].Args
			f, isField := args[len(args)-1].(*parse.FieldNode)
			if !isField || len(f.Ident) != 1 {
				return nil, false
			}
			sg := segment{text: pending.String(), key: f.Ident[0]}
			switch len(args) {
			case 1:
			case 2, 3:
				id, isIdent := args[0].(*parse.IdentifierNode)
				if !isIdent {
					return nil, false
				}
				switch fn := funcs[id.Ident].(type) {
				case func(string) string:
					if len(args) != 2 {
						return nil, false
					}
					sg.apply = fn
				case func(string, string) string:
					lit, isString := args[1].(*parse.StringNode)
					if len(args) != 3 || !isString {
						return nil, false
					}
					first := lit.Text
					sg.apply = func(v string) string { return fn(first, v) }
				default:
					return nil, false
				}
			default:
				return nil, false
			}
			segs = append(segs, sg)
			pending.Reset()
		default:
			return nil, false
		}
	}
	return append(segs, segment{text: pending.String()}), true
}

// run fills the segments from data; a missing key is an error, as in a
// template run with missingkey=error.
func run(segs []segment, data map[string]string) (string, error) {
	n := 0
	for _, sg := range segs {
		n += len(sg.text) + len(data[sg.key]) + 4
	}
	var b strings.Builder
	b.Grow(n)
	for _, sg := range segs {
		b.WriteString(sg.text)
		if sg.key == "" {
			continue
		}
		v, ok := data[sg.key]
		if !ok {
			return "", fmt.Errorf("map has no entry for key %q", sg.key)
		}
		if sg.apply != nil {
			v = sg.apply(v)
		}
		b.WriteString(v)
	}
	return b.String(), nil
}

// Load reads the message files of dir in fsys (usually the owner's
// embed.FS) with go-i18n's parser: for each language l, dir/l.toml and
// every dir/<part>.l.toml ("help.de.toml"), so that a catalog can be kept
// in several files (the texts of play, the help topics ...). A message
// defined twice in one language, in one file or two, is an error. The
// English files are required and read here, every template parsed, so a
// syntax error in them fails Load. The other languages are read on their
// first use (a process that only ever speaks English never parses them:
// this is most of a cold start's cost, docs/performance.md); a missing or
// broken translation loads as absent (English stands in for it at run
// time) and fails Check, which reads every language. name identifies the
// catalog in errors ("pebbles").
func Load(name string, fsys fs.FS, dir string) (*Catalog, error) {
	c, err := index(name, fsys, dir)
	if err != nil {
		return nil, err
	}
	t, _, err := c.langs[Fallback].get()
	if err != nil {
		return nil, err
	}
	// Every English template parsed now, so a syntax error fails Load.
	for _, id := range slices.Sorted(maps.Keys(t.entries)) {
		if err := t.entries[id].parse(t.funcs); err != nil {
			return nil, fmt.Errorf("catalog %s: %q: %w", name, id, err)
		}
	}
	return c, nil
}

// index finds each language's message files and sets it to be read on
// its first use; only a missing English file is an error.
func index(name string, fsys fs.FS, dir string) (*Catalog, error) {
	c := &Catalog{name: name, langs: map[Lang]*lazyTongue{}}
	for _, l := range Supported {
		files, err := messageFiles(fsys, dir, l)
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %w", name, err)
		}
		if len(files) == 0 && l == Fallback {
			return nil, fmt.Errorf("catalog %s: %w", name, &fs.PathError{Op: "open", Path: path.Join(dir, string(l)+".toml"), Err: fs.ErrNotExist})
		}
		lt := &lazyTongue{load: func() (*tongue, map[string]*i18n.Message, error) { return c.read(fsys, files, l) }}
		if len(files) == 0 {
			lt.load = func() (*tongue, map[string]*i18n.Message, error) { return nil, nil, nil }
		}
		c.langs[l] = lt
		for _, f := range files {
			part, ok := partOf(f, l)
			if !ok {
				continue
			}
			if c.parts == nil {
				c.parts = map[Lang]map[string]*lazyTongue{}
			}
			if c.parts[l] == nil {
				c.parts[l] = map[string]*lazyTongue{}
			}
			c.parts[l][part] = &lazyTongue{load: func() (*tongue, map[string]*i18n.Message, error) {
				t, src, err := c.read(fsys, []string{f}, l)
				if err == nil && !scopedTo(src, part) {
					return nil, nil, errNotScoped
				}
				return t, src, err
			}}
		}
	}
	return c, nil
}

// lazyTongue is one language of a catalog, read on first use.
type lazyTongue struct {
	once sync.Once
	load func() (*tongue, map[string]*i18n.Message, error)
	t    *tongue
	src  map[string]*i18n.Message
	err  error
	done atomic.Bool // once has run
}

func (lt *lazyTongue) get() (*tongue, map[string]*i18n.Message, error) {
	lt.once.Do(func() { lt.t, lt.src, lt.err = lt.load(); lt.done.Store(true) })
	return lt.t, lt.src, lt.err
}

// errNotScoped marks a part file that is not a scoped part.
var errNotScoped = errors.New("not a scoped part")

// partOf is the part of a message file "<dir>/<part>.<l>.toml"; ok is
// false for the language's main file "<dir>/<l>.toml".
func partOf(file string, l Lang) (part string, ok bool) {
	part, ok = strings.CutSuffix(path.Base(file), "."+string(l)+".toml")
	return part, ok && part != ""
}

// scopedTo reports whether every message ID of src begins with part+".".
func scopedTo(src map[string]*i18n.Message, part string) bool {
	for id := range src {
		if !strings.HasPrefix(id, part+".") {
			return false
		}
	}
	return true
}

// scoped is the scoped part of language l that holds the messages of id's
// prefix, while the whole language is still unread (nil otherwise).
func (c *Catalog) scoped(l Lang, id string) (*tongue, map[string]*i18n.Message) {
	if c == nil || c.parts[l] == nil || c.langs[l].done.Load() {
		return nil, nil
	}
	prefix, _, ok := strings.Cut(id, ".")
	pt := c.parts[l][prefix]
	if !ok || pt == nil {
		return nil, nil
	}
	t, src, err := pt.get()
	if err != nil {
		return nil, nil
	}
	return t, src
}

// tongue is language l's messages (nil when it has none or they do not
// load: English stands in), src their source as loaded.
func (c *Catalog) tongue(l Lang) (*tongue, map[string]*i18n.Message) {
	if c == nil || c.langs[l] == nil {
		return nil, nil
	}
	t, src, err := c.langs[l].get()
	if err != nil {
		return nil, nil
	}
	return t, src
}

// read parses language l's message files.
func (c *Catalog) read(fsys fs.FS, files []string, l Lang) (*tongue, map[string]*i18n.Message, error) {
	name := c.name
	src := map[string]*i18n.Message{}
	from := map[string]string{} // message ID -> its file
	t := &tongue{lang: l, entries: map[string]*entry{}, funcs: c.funcs(l)}
	for _, p := range files {
		buf, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, nil, fmt.Errorf("catalog %s: %w", name, err)
		}
		mf, err := i18n.ParseMessageFileBytes(buf, p, map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			return nil, nil, fmt.Errorf("catalog %s: %s: %w", name, p, err)
		}
		for _, m := range mf.Messages {
			if _, dup := src[m.ID]; dup {
				return nil, nil, fmt.Errorf("catalog %s: %s: message %q twice", name, p, m.ID)
			}
			src[m.ID] = m
			from[m.ID] = p
			e := &entry{id: m.ID, plural: isPlural(m), plain: map[string]string{}}
			for form, text := range map[string]string{Zero: m.Zero, One: m.One, Two: m.Two, Few: m.Few, Many: m.Many, Other: m.Other} {
				switch {
				case text == "":
				case !strings.Contains(text, "{{"):
					e.plain[form] = text
				default:
					if e.src == nil {
						e.src = map[string]string{}
					}
					e.src[form] = text
				}
			}
			t.entries[m.ID] = e
		}
	}
	// A scoped part's prefix belongs to it alone (see Catalog).
	for _, p := range files {
		part, ok := partOf(p, l)
		if !ok {
			continue
		}
		inPart := map[string]*i18n.Message{}
		for id, f := range from {
			if f == p {
				inPart[id] = src[id]
			}
		}
		if !scopedTo(inPart, part) {
			continue
		}
		for _, id := range slices.Sorted(maps.Keys(from)) {
			if from[id] != p && strings.HasPrefix(id, part+".") {
				return nil, nil, fmt.Errorf("catalog %s: %s: message %q belongs in %s", name, from[id], id, p)
			}
		}
	}
	return t, src, nil
}

// messageFiles lists language l's message files in dir: l.toml first,
// then <part>.l.toml in name order.
func messageFiles(fsys fs.FS, dir string, l Lang) ([]string, error) {
	var files []string
	main := path.Join(dir, string(l)+".toml")
	if _, err := fs.Stat(fsys, main); err == nil {
		files = append(files, main)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	parts, err := fs.Glob(fsys, path.Join(dir, "*."+string(l)+".toml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(parts)
	return append(files, parts...), nil
}

// MustLoad is Load for package initialisation, except that English too is
// read on its first use (a process pays for a game's messages when it
// first words one, not at start: docs/performance.md, "Cold start"). It
// panics when the English file is missing, which a test of the owner then
// reports at once; a broken English file reads as message IDs and fails
// Check, which every owner's catalog test runs.
func MustLoad(name string, fsys fs.FS, dir string) *Catalog {
	c, err := index(name, fsys, dir)
	if err != nil {
		panic(err)
	}
	return c
}

// Whole reports whether language l's whole catalog has been read, not
// only scoped parts of it: what the cold start's first page must not need
// (docs/performance.md, "Cold start").
func (c *Catalog) Whole(l Lang) bool {
	return c != nil && c.langs[l] != nil && c.langs[l].done.Load()
}

// Name identifies the catalog.
func (c *Catalog) Name() string {
	if c == nil {
		return "(none)"
	}
	return c.name
}

// Has reports whether the catalog has message id in language l itself.
func (c *Catalog) Has(l Lang, id string) bool {
	if c == nil {
		return false
	}
	if _, src := c.scoped(l, id); src[id] != nil {
		return true
	}
	_, src := c.tongue(l)
	_, ok := src[id]
	return ok
}

// Localize words message id with data in language l, with no fallback: a
// message missing in l, a placeholder missing from data, a bad count or a
// plural form the message lacks is an error.
func (c *Catalog) Localize(l Lang, id string, data map[string]string) (string, error) {
	t, _ := c.scoped(l, id)
	if t == nil || t.entries[id] == nil {
		t, _ = c.tongue(l)
	}
	if t == nil || t.entries[id] == nil {
		return "", fmt.Errorf("catalog %s: no message %q in %s", c.Name(), id, l)
	}
	e := t.entries[id]
	form := Other
	if n, ok := data[CountKey]; ok && e.plural {
		f, err := pluralForm(l, n)
		if err != nil {
			return "", fmt.Errorf("catalog %s: %s %q: %w", c.name, l, id, err)
		}
		form = f
	}
	if s, ok := e.plain[form]; ok {
		return s, nil
	}
	if err := e.parse(t.funcs); err != nil {
		return "", fmt.Errorf("catalog %s: %s %q: %w", c.name, l, id, err)
	}
	if segs, ok := e.simple[form]; ok {
		s, err := run(segs, data)
		if err != nil {
			return "", fmt.Errorf("catalog %s: %s %q: %w", c.name, l, id, err)
		}
		return s, nil
	}
	tp := e.tmpl[form]
	if tp == nil {
		return "", fmt.Errorf("catalog %s: %s %q has no plural form %q", c.name, l, id, form)
	}
	var b strings.Builder
	if err := tp.Execute(&b, data); err != nil {
		return "", fmt.Errorf("catalog %s: %s %q: %w", c.name, l, id, err)
	}
	return b.String(), nil
}

// forms holds, per language, a go-i18n localizer of one message whose
// forms are their own names: localizing it with a count tells the CLDR
// plural form of the count in that language. Each is made on the first
// plural message worded in its language, not at start
// (docs/performance.md, "Cold start"). formCache keeps the answers.
var (
	forms = func() map[Lang]func() *i18n.Localizer {
		out := map[Lang]func() *i18n.Localizer{}
		for _, l := range Supported {
			out[l] = sync.OnceValue(func() *i18n.Localizer {
				b := i18n.NewBundle(l.Tag())
				b.MustAddMessages(l.Tag(), &i18n.Message{ID: "form", Zero: Zero, One: One, Two: Two, Few: Few, Many: Many, Other: Other})
				return i18n.NewLocalizer(b, string(l))
			})
		}
		return out
	}()
	formCache sync.Map // Lang+" "+count -> form
)

// pluralForm is the CLDR plural form of count (a number as text) in l.
func pluralForm(l Lang, count string) (string, error) {
	key := string(l) + " " + count
	if f, ok := formCache.Load(key); ok {
		return f.(string), nil
	}
	mk := forms[l]
	if mk == nil {
		return "", fmt.Errorf("no plural rules for %q", l)
	}
	loc := mk()
	f, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "form", PluralCount: count})
	if err != nil {
		return "", fmt.Errorf("count %q: %w", count, err)
	}
	if len(count) <= 4 {
		formCache.Store(key, f) // small counts recur; keep the cache bounded
	}
	return f, nil
}

// Text words message id in language l, falling back to English when l
// lacks it (a translation not yet written) and to the ID itself when
// English lacks it too, so that a reader always sees something. Tests
// use Localize and Check, which never fall back.
func (c *Catalog) Text(l Lang, id string, data map[string]string) string {
	if c == nil {
		return id
	}
	if s, err := c.Localize(l, id, data); err == nil {
		return s
	}
	if l != Fallback {
		if s, err := c.Localize(Fallback, id, data); err == nil {
			return s
		}
	}
	return id
}

// Msg words m in language l (see Text).
func (c *Catalog) Msg(l Lang, m Msg) string { return c.Text(l, m.ID, m.Data) }

// IDs lists the catalog's English message IDs, sorted.
func (c *Catalog) IDs() []string {
	var ids []string
	_, src := c.tongue(Fallback)
	for id := range src {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// IDsIn lists the catalog's English message IDs that begin with part+".",
// sorted: from the scoped part file alone while English is still unread
// (see Catalog), else from the whole language.
func (c *Catalog) IDsIn(part string) []string {
	var ids []string
	_, src := c.scoped(Fallback, part+".")
	if src == nil {
		_, src = c.tongue(Fallback)
	}
	for id := range src {
		if strings.HasPrefix(id, part+".") {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// Template functions every message may use:
//
//	{{num .n}}             a number with the language's digit grouping
//	{{money .cost}}        an amount of money; the symbol is the catalog's
//	                       message "currency" in that language ("£" without)
//	{{name "place" .loc}}  a token (place, industry, card ...) by its name in
//	                       that language: message "name.<kind>.<token>",
//	                       else the token itself
//	{{t "pebbles" .left}}  another message of the catalog, with its
//	                       plural form picked by the number given
//	{{de .who}}            French "de" before a name, elided before a
//	                       vowel (Elide): "d’Anna", "de Bob"
//	{{topic "deck"}}       a reference to a help topic by its ID, worded
//	                       as the topic's title in that language (message
//	                       TopicTitle(id), else the ID): a text quotes it
//	                       in its language's way, "siehe „{{topic "deck"}}“"
//
// Each takes the number as text, as Data holds it.
func (c *Catalog) funcs(l Lang) template.FuncMap {
	return template.FuncMap{
		"num": func(s string) string {
			if n, err := strconv.Atoi(s); err == nil {
				return l.Int(n)
			}
			return s
		},
		"money": func(s string) string {
			n, err := strconv.Atoi(s)
			if err != nil {
				return s
			}
			sym := "£"
			if c.Has(l, "currency") || c.Has(Fallback, "currency") {
				sym = c.Text(l, "currency", nil)
			}
			return l.Money(n, sym)
		},
		"name": func(kind, token string) string {
			id := "name." + kind + "." + token
			if c.Has(l, id) || c.Has(Fallback, id) {
				return c.Text(l, id, nil)
			}
			return token
		},
		"t": func(id, count string) string {
			return c.Text(l, id, map[string]string{CountKey: count})
		},
		"de": Elide,
		"topic": func(id string) string {
			if m := TopicTitle(id); c.Has(l, m) || c.Has(Fallback, m) {
				return c.Text(l, m, nil)
			}
			return id
		},
	}
}

// TopicTitle is the message ID of a help topic's title, which
// {{topic "id"}} words: help.<id>.title.
func TopicTitle(id string) string { return "help." + id + ".title" }

// Elide is French "de" before a name: "d’" before a vowel ("d’Anna",
// "d’Urbanization", "d’Ordinateur 2"), "de " otherwise ("de Bob"). An h
// is left alone (it may be aspirated). The template function {{de .who}}.
func Elide(name string) string {
	r, _ := utf8.DecodeRuneInString(name)
	if strings.ContainsRune("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ", r) {
		return "d’" + name
	}
	return "de " + name
}

// funcNames are the template functions, for parsing templates in Check.
var funcNames = template.FuncMap{"num": fmt.Sprint, "money": fmt.Sprint, "name": fmt.Sprint, "t": fmt.Sprint, "de": fmt.Sprint, "topic": fmt.Sprint}
