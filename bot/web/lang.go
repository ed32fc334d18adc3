package web

import (
	"bytes"
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"sync"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// The playground speaks every language of lang.Supported (docs/i18n.md,
// "The playground"). The page's language is, in this order, the query's
// lang= (image URLs carry it, so a cached picture is never another
// language's), the cookie the page's language selector sets (remembered
// in the browser), else the browser's Accept-Language. The server words
// the page's fixed texts into index.html (a template), hands the script
// the texts it builds as a dictionary from the host's catalog (the
// messages web.* of bot/messages/web.<lang>.toml), and words every text
// of a game by engine.Words in that language.

// langCookie is the cookie that remembers the page's language.
const langCookie = "lang"

// langOf is the language of a request.
func langOf(r *http.Request) lang.Lang {
	if q := r.URL.Query().Get("lang"); q != "" {
		if l, err := lang.Parse(q); err == nil {
			return l
		}
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l, err := lang.Parse(c.Value); err == nil {
			return l
		}
	}
	return lang.FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// say words one of the playground's own messages.
func say(l lang.Lang, id string, kv ...string) string { return bot.Say(l, id, kv...) }

// wordsOf is a match's texts in language l, its seats named by their
// players (a computer's name worded in l, bot.Match.NamesIn).
func wordsOf(m bot.Match, l lang.Lang) engine.Words {
	return engine.WordsFor(m.GameRules().Info(), l, m.NamesIn(l))
}

// pageKeys are the placeholders of the texts the page's script fills in
// itself ({key} in the dictionary; app.js t()). A web.* message with
// another placeholder fails TestPageTexts.
var pageKeys = []string{"n", "total", "q", "names", "name", "who", "status", "move", "limit", "level", "text",
	"frag", "prompt", "title", "seed", "waited", "alt", "span", "when", "remind", "option", "score", "parts", "label", "value"}

// pluralSample is a count of each plural form (lang.PluralForms), to word
// every form of a plural message for the page, which picks one by the
// browser's plural rules (Intl.PluralRules).
var pluralSample = map[string]string{lang.One: "1", lang.Many: "1000000", lang.Other: "2"}

// dictionary is every web.* message of the host's catalog in language l,
// for the page's script: a text with its placeholders as {key}, or for a
// message whose plural forms differ, the text of each form.
func dictionary(l lang.Lang) (map[string]any, error) {
	cat := bot.Catalog()
	data := map[string]string{}
	for _, k := range pageKeys {
		data[k] = "{" + k + "}"
	}
	out := map[string]any{}
	// The web.* messages are web.<lang>.toml, a scoped part: the first
	// page reads it alone, not the host's whole catalog (lang.Catalog).
	for _, id := range cat.IDsIn("web") {
		forms := map[string]string{}
		same := true
		first := ""
		for i, f := range lang.PluralForms[l] {
			data[lang.CountKey] = pluralSample[f]
			text, err := cat.Localize(l, id, data)
			if err != nil {
				return nil, err
			}
			forms[f] = text
			if i == 0 {
				first = text
			} else if text != first {
				same = false
			}
		}
		if same {
			out[id] = first
		} else {
			out[id] = forms
		}
	}
	return out, nil
}

// pageTexts are the dictionaries as JSON, each made once on its
// language's first page (a page in English reads no other catalog).
var pageTexts = func() map[lang.Lang]func() string {
	out := map[lang.Lang]func() string{}
	for _, l := range lang.Supported {
		out[l] = sync.OnceValue(func() string {
			d, err := dictionary(l)
			if err != nil {
				panic("playground: " + err.Error()) // TestPageTexts words every message
			}
			b, _ := json.Marshal(d)
			return string(b)
		})
	}
	return out
}()

// pageTemplate is assets/index.html, worded per language by page.
var pageTemplate = template.Must(template.ParseFS(assets, "assets/index.html"))

// pageData is what index.html is worded from.
type pageData struct {
	Lang        lang.Lang
	Texts       string // the dictionary, JSON
	Langs       []langOption
	RecordLimit string
}

type langOption struct {
	Code lang.Lang
	Name string
	On   bool
}

// T words one of the page's fixed texts.
func (d pageData) T(id string, kv ...string) string { return say(d.Lang, id, kv...) }

// page serves the page in the request's language.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	d := pageData{Lang: l, Texts: pageTexts[l](), RecordLimit: say(l, "web.new.record-limit", "limit", bot.BytesIn(l, engine.MaxRecordSize))}
	for _, o := range lang.Supported {
		d.Langs = append(d.Langs, langOption{Code: o, Name: o.Name(), On: o == l})
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, d); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Vary", "Accept-Language, Cookie")
	w.Header().Set("Content-Language", string(l))
	w.Write(b.Bytes())
}

// scoreText is a score with the game's unit in the reader's language.
func scoreText(w engine.Words, n int) string {
	if w.Lang == lang.English {
		return w.Info.Score.Of(n)
	}
	return w.Score(n)
}

// wordStats words stats (or a breakdown) for the reader.
func wordStats(w engine.Words, in []engine.Stat) []engine.Stat {
	if in == nil || w.Lang == lang.English {
		return in
	}
	out := make([]engine.Stat, len(in))
	for i, x := range in {
		x.Label, x.Text = w.StatLabel(x), w.StatValue(x)
		out[i] = x
	}
	return out
}

// wordEvents words events as viewer reads them (engine.Words.Event); in
// English they are the core's narration as it is.
func wordEvents(m bot.Match, w engine.Words, evs []engine.Event, viewer int) []engine.Event {
	if w.Lang == lang.English {
		return evs
	}
	out := make([]engine.Event, len(evs))
	for i, e := range evs {
		e.Text = m.NarrateIn(e, viewer, w) // the host's own events too
		out[i] = e
	}
	return out
}

// wordChoices words a decision's prompt and its choices.
func wordChoices(w engine.Words, ch engine.Choices) engine.Choices {
	if w.Lang == lang.English {
		return ch
	}
	ch.Prompt = w.Prompt(ch)
	next := make([]engine.Choice, len(ch.Next))
	for i, c := range ch.Next {
		c.Label, c.Help = w.Choice(c)
		next[i] = c
	}
	ch.Next = next
	return ch
}

// helpIndex is a game's rules help indexed in language l (engine.Words.
// Help), built on first use; English is the core's own index.
func (s *Server) helpIndex(game string, l lang.Lang) (*engine.HelpIndex, error) {
	if _, err := s.svc.Help(game, "", 1); err != nil {
		return nil, err
	}
	s.helpMu.Lock()
	defer s.helpMu.Unlock()
	key := game + "/" + string(l)
	if x, ok := s.helps[key]; ok {
		return x, nil
	}
	g, err := s.svc.Games().Get(game)
	if err != nil {
		return nil, err
	}
	x := engine.NewHelpIndex(engine.WordsFor(g.Info(), l, nil).Help())
	s.helps[key] = x
	return x, nil
}

// imageURL is the URL of one picture of a position for the page: the
// match version and, beside English, the language make it a new URL for
// anything that changes the picture.
func imageURL(id, name string, seat int, version int64, l lang.Lang) string {
	u := "/api/matches/" + url.PathEscape(id) + "/images/" + url.PathEscape(name) + "?seat=" + strconv.Itoa(seat) + "&v=" + strconv.FormatInt(version, 10)
	if l != lang.English {
		u += "&lang=" + string(l)
	}
	return u
}
