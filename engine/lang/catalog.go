package lang

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"sync"
	"text/template"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	i18ntemplate "github.com/nicksnyder/go-i18n/v2/i18n/template"
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
// concurrent use; templates are parsed once, on first use.
type Catalog struct {
	name   string
	langs  map[Lang]*tongue
	source map[Lang]map[string]*i18n.Message // as loaded, for Check
	frags  sync.Map                          // Lang -> []string, for EnglishIn
}

// tongue is a catalog's messages in one language, in a bundle of their
// own so that each language's templates are parsed (and cached) with that
// language's template functions.
type tongue struct {
	loc    *i18n.Localizer
	parser i18ntemplate.Parser
}

// Load reads the message files dir/en.toml, dir/de.toml, dir/fr.toml from
// fsys (usually the owner's embed.FS). The English file is required; a
// missing translation loads (English stands in for it at run time) but
// fails Check. name identifies the catalog in errors ("pebbles").
func Load(name string, fsys fs.FS, dir string) (*Catalog, error) {
	c := &Catalog{name: name, langs: map[Lang]*tongue{}, source: map[Lang]map[string]*i18n.Message{}}
	for _, l := range Supported {
		p := path.Join(dir, string(l)+".toml")
		buf, err := fs.ReadFile(fsys, p)
		if errors.Is(err, fs.ErrNotExist) && l != Fallback {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %w", name, err)
		}
		mf, err := i18n.ParseMessageFileBytes(buf, p, map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %s: %w", name, p, err)
		}
		b := i18n.NewBundle(l.Tag())
		if err := b.AddMessages(l.Tag(), mf.Messages...); err != nil {
			return nil, fmt.Errorf("catalog %s: %s: %w", name, p, err)
		}
		src := map[string]*i18n.Message{}
		for _, m := range mf.Messages {
			src[m.ID] = m
		}
		c.source[l] = src
		c.langs[l] = &tongue{loc: i18n.NewLocalizer(b, string(l)), parser: parser{funcs: c.funcs(l)}}
	}
	return c, nil
}

// MustLoad is Load for package initialisation: it panics on an error,
// which a test of the owner then reports at once.
func MustLoad(name string, fsys fs.FS, dir string) *Catalog {
	c, err := Load(name, fsys, dir)
	if err != nil {
		panic(err)
	}
	return c
}

// Name identifies the catalog.
func (c *Catalog) Name() string { return c.name }

// Has reports whether the catalog has message id in language l itself.
func (c *Catalog) Has(l Lang, id string) bool {
	if c == nil {
		return false
	}
	_, ok := c.source[l][id]
	return ok
}

// Localize words message id with data in language l, with no fallback: a
// message missing in l, a placeholder missing from data or a bad count is
// an error.
func (c *Catalog) Localize(l Lang, id string, data map[string]string) (string, error) {
	t := c.langs[l]
	if t == nil || !c.Has(l, id) {
		return "", fmt.Errorf("catalog %s: no message %q in %s", c.name, id, l)
	}
	if data == nil {
		data = map[string]string{}
	}
	lc := &i18n.LocalizeConfig{MessageID: id, TemplateData: data, TemplateParser: t.parser}
	if n, ok := data[CountKey]; ok {
		lc.PluralCount = n
	}
	s, err := t.loc.Localize(lc)
	if err != nil {
		return "", fmt.Errorf("catalog %s: %s %q: %w", c.name, l, id, err)
	}
	return s, nil
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
	for id := range c.source[Fallback] {
		ids = append(ids, id)
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
	}
}

// funcNames are the template functions, for parsing templates in Check.
var funcNames = template.FuncMap{"num": fmt.Sprint, "money": fmt.Sprint, "name": fmt.Sprint, "t": fmt.Sprint}

// parser parses message templates with a language's functions. Unlike
// go-i18n's TextParser with functions, it lets go-i18n cache each parsed
// template: every language has its own bundle, so a cached template is
// only ever run with its own language's functions. A placeholder missing
// from the data is an error, never "<no value>".
type parser struct{ funcs template.FuncMap }

func (parser) Cacheable() bool { return true }

func (p parser) Parse(src, left, right string) (i18ntemplate.ParsedTemplate, error) {
	tp := &i18ntemplate.TextParser{Funcs: p.funcs, Option: "missingkey=error"}
	return tp.Parse(src, left, right)
}
