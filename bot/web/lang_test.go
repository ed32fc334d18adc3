package web_test

import (
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
)

// get answers a request in a language: the lang cookie when cookie is
// set, the Accept-Language header when accept is.
func getIn(t *testing.T, h http.Handler, path, cookie, accept string, out any) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: "lang", Value: cookie})
	}
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if out != nil {
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
	}
	return rec
}

var (
	htmlLang  = regexp.MustCompile(`<html lang="([a-z]+)">`)
	pageTexts = regexp.MustCompile(`data-texts="([^"]*)"`)
)

// TestPageLanguage serves the page in the language the query, the
// cookie or the browser asks for, in that order, its fixed texts and the
// script's dictionary worded from the host's catalog.
func TestPageLanguage(t *testing.T) {
	h := newPlayground(t)
	for _, c := range []struct {
		path, cookie, accept string
		want                 lang.Lang
	}{
		{"/", "", "", lang.English},
		{"/", "", "de-DE,de;q=0.9,en;q=0.8", lang.German},
		{"/?match=x&seat=1", "", "fr-CA", lang.French},
		{"/", "", "es-ES,pt;q=0.5", lang.English},
		{"/", "fr", "de", lang.French},
		{"/", "klingon", "de", lang.German},
		{"/?lang=de", "fr", "en", lang.German},
	} {
		rec := getIn(t, h, c.path, c.cookie, c.accept, nil)
		body := rec.Body.String()
		m := htmlLang.FindStringSubmatch(body)
		if rec.Code != 200 || m == nil || m[1] != string(c.want) {
			t.Errorf("%s cookie %q Accept-Language %q: %d, html lang %v, want %s", c.path, c.cookie, c.accept, rec.Code, m, c.want)
			continue
		}
		if got := rec.Header().Get("Vary"); !strings.Contains(got, "Accept-Language") || !strings.Contains(got, "Cookie") {
			t.Errorf("the page varies by %q", got)
		}
		for _, id := range []string{"web.new.start", "web.move.play", "web.match.leave", "web.title"} {
			if !strings.Contains(body, html.EscapeString(bot.Say(c.want, id))) {
				t.Errorf("%s page lacks %s %q", c.want, id, bot.Say(c.want, id))
			}
		}
		if !strings.Contains(body, `<option value="`+string(c.want)+`" lang="`+string(c.want)+`" selected>`) {
			t.Errorf("%s page: the selector does not show %s", c.want, c.want)
		}
		d := pageTexts.FindStringSubmatch(body)
		var texts map[string]any
		if d == nil || json.Unmarshal([]byte(html.UnescapeString(d[1])), &texts) != nil {
			t.Fatalf("%s page: no dictionary", c.want)
		}
		if got, want := texts["web.move.complete"], bot.Say(c.want, "web.move.complete"); got != want {
			t.Errorf("%s dictionary: %q, want %q", c.want, got, want)
		}
		// A plural message: every form of the language, placeholders as {key}.
		forms, _ := texts["web.rules.found"].(map[string]any)
		if len(forms) != len(lang.PluralForms[c.want]) || !strings.Contains(forms["other"].(string), "{n}") || !strings.Contains(forms["other"].(string), "{q}") {
			t.Errorf("%s dictionary: web.rules.found is %v", c.want, texts["web.rules.found"])
		}
	}
	// The English page reads as it did.
	body := getIn(t, h, "/", "", "", nil).Body.String()
	for _, s := range []string{"<title>Smokestack playground</title>", `placeholder="type a move or pick below"`, "Start the match</button>",
		`choose its file, <span id="recordlimit">at most 16 MiB</span>.`, `>Leave this match to start a new one? It stays in the list of matches, and you can come back to it.</p>`} {
		if !strings.Contains(body, s) {
			t.Errorf("the English page lacks %s", s)
		}
	}
}

// TestScriptTexts checks that every message the page's script and page
// name exists in the host's catalog, so no text falls back to its ID.
func TestScriptTexts(t *testing.T) {
	ids := regexp.MustCompile(`"(web\.[a-z0-9.-]+)"`)
	dir := filepath.Join("assets")
	n := 0
	err := fs.WalkDir(os.DirFS(dir), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".html")) {
			return err
		}
		b, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil {
			return err
		}
		for _, m := range ids.FindAllStringSubmatch(string(b), -1) {
			id := m[1]
			if strings.HasSuffix(id, ".") { // a prefix the script completes (web.status., web.level.)
				continue
			}
			n++
			if !bot.Catalog().Has(lang.English, id) {
				t.Errorf("%s names %s, which the catalog lacks", path, id)
			}
		}
		return nil
	})
	if err != nil || n < 80 {
		t.Fatalf("%d messages named: %v", n, err)
	}
	for _, s := range []string{"lobby", "active", "finished", "aborted"} {
		if !bot.Catalog().Has(lang.English, "web.status."+s) {
			t.Errorf("no web.status.%s", s)
		}
	}
	for _, l := range bot.ComputerLevels {
		if !bot.Catalog().Has(lang.English, "web.level."+l) {
			t.Errorf("no web.level.%s", l)
		}
	}
}

// TestAPILanguage plays Pebbles through the API in German and French:
// the game's texts by its catalog (engine.Words), the seats named in the
// language, refusals by the host's catalog, the rules searched in the
// language, the pictures asked for in it.
func TestAPILanguage(t *testing.T) {
	h := newPlayground(t)
	info := testgame.Game{}.Info()
	for _, l := range []lang.Lang{lang.German, lang.French} {
		post := func(path string, body any, want int, out any) {
			t.Helper()
			b, _ := json.Marshal(body)
			req := httptest.NewRequest("POST", path, strings.NewReader(string(b)))
			req.Header.Set("Content-Type", "application/json")
			req.AddCookie(&http.Cookie{Name: "lang", Value: string(l)})
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != want {
				t.Fatalf("%s POST %s: %d %s", l, path, rec.Code, rec.Body)
			}
			if out != nil {
				json.Unmarshal(rec.Body.Bytes(), out)
			}
		}
		english := func(what, text string) {
			t.Helper()
			for _, c := range []*lang.Catalog{bot.Catalog(), engine.Catalog(), info.Catalog} {
				if en := c.EnglishIn(l, text); len(en) > 0 {
					t.Errorf("%s %s: English %q in %q", l, what, en, text)
				}
			}
		}
		var created struct {
			Match struct {
				ID         string
				Name       string
				Round      string
				Seats      []struct{ Name string }
				ScoreTexts []string `json:"score_texts"`
				Play       engine.Status
			}
			Events []engine.Event
		}
		post("/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "4"}, 201, &created)
		m := created.Match
		w := engine.WordsFor(info, l, []string{m.Seats[0].Name, m.Seats[1].Name})
		if m.Seats[0].Name != bot.Say(l, "web.player", "n", "1") || m.Name != w.GameName() || m.ScoreTexts[0] != w.Score(0) {
			t.Errorf("%s match: %+v", l, m)
		}
		if want, _ := w.Phrase(m.Play.RoundName); m.Round != want || m.Play.Phase == "" {
			t.Errorf("%s round %q, want %q; phase %q", l, m.Round, want, m.Play.Phase)
		}
		english("status", m.Name+"\n"+m.Round+"\n"+m.Play.Phase+"\n"+strings.Join(m.ScoreTexts, "\n"))
		base := "/api/matches/" + m.ID
		var ch engine.Choices
		getIn(t, h, base+"/choices?seat=0&partial=", string(l), "", &ch)
		if ch.Prompt != w.Prompt(ch) || len(ch.Next) == 0 {
			t.Fatalf("%s choices %+v", l, ch)
		}
		for _, c := range ch.Next {
			if label, _ := w.Choice(c); c.Label != label {
				t.Errorf("%s choice %s: %q, want %q", l, c.Token, c.Label, label)
			}
			english("choice", c.Label+"\n"+c.Help)
		}
		english("prompt", ch.Prompt)
		// Autocomplete's labels too, in the reader's language.
		var sug []engine.Suggestion
		getIn(t, h, base+"/suggest?seat=0&q=", string(l), "", &sug)
		matched := 0
		for _, sg := range sug {
			english("suggestion", sg.Label)
			toks := strings.Fields(sg.Text)
			for _, c := range ch.Next {
				if len(toks) == 1 && c.Token == toks[0] {
					matched++
					if label, _ := w.Choice(c); sg.Label != label {
						t.Errorf("%s suggestion %s: %q, want %q", l, sg.Text, sg.Label, label)
					}
				}
			}
		}
		if matched == 0 {
			t.Errorf("%s: no suggestion of a first word among %+v", l, sug)
		}
		// Out of turn, in the reader's language.
		var refusal struct{ Error, Kind string }
		post(base+"/moves", map[string]any{"seat": 1, "move": "pass"}, 409, &refusal)
		if refusal.Kind != "not-your-turn" || refusal.Error == "" {
			t.Errorf("%s refusal %+v", l, refusal)
		}
		english("refusal", refusal.Error)
		// The playground's own refusals and its record limit, sizes and
		// counts as the language writes them.
		post("/api/matches", map[string]any{"game": "pebbles", "seats": 2, "names": []string{strings.Repeat("n", 65)}}, 413, &refusal)
		wantLong := map[lang.Lang]string{lang.German: "ein Spielername hat höchstens 64 Zeichen", lang.French: "un nom de joueur a au plus 64 caractères"}[l]
		if refusal.Kind != "too-large" || !strings.Contains(refusal.Error, wantLong) {
			t.Errorf("%s a long name: %+v", l, refusal)
		}
		english("a long name", refusal.Error)
		post("/api/matches", map[string]any{"game": "pebbles", "seats": 17}, 400, &refusal)
		wantSeats := map[lang.Lang]string{lang.German: "eine Partie hier hat 1 bis 16 Personen, nicht 17", lang.French: "une partie ici compte 1 à 16 joueurs, et non 17"}[l]
		if refusal.Kind != "seat-count" || !strings.Contains(refusal.Error, wantSeats) {
			t.Errorf("%s 17 seats: %+v", l, refusal)
		}
		english("17 seats", refusal.Error)
		// The game's own refusal of the setup, by its catalog.
		post("/api/matches", map[string]any{"game": "pebbles", "seats": 2, "options": map[string]string{"pile": "zero"}}, 400, &refusal)
		wantPile := map[lang.Lang]string{lang.German: "Option pile=„zero“: erlaubt ist eine Zahl von 5 bis 99.",
			lang.French: "Le tas (option pile) est un nombre de 5 à 99, pas «\u00a0zero\u00a0»."}[l]
		if refusal.Kind != "invalid" || refusal.Error != wantPile {
			t.Errorf("%s pile=zero: %+v, want %q", l, refusal, wantPile)
		}
		english("pile=zero", refusal.Error)
		var limits struct {
			RecordLimit    string `json:"record_limit"`
			RecordTooLarge string `json:"record_too_large"`
		}
		getIn(t, h, "/api/limits", string(l), "", &limits)
		wantLimit := map[lang.Lang]string{lang.German: "16\u00a0MiB", lang.French: "16\u00a0Mio"}[l]
		if limits.RecordLimit != wantLimit || !strings.Contains(limits.RecordTooLarge, wantLimit) {
			t.Errorf("%s limits %+v", l, limits)
		}
		english("the record limit", limits.RecordTooLarge)
		for _, c := range []struct{ path, de, fr string }{
			{"/api/help/nothing?game=pebbles", "kein Thema „nothing“", "pas de sujet «\u00a0nothing\u00a0»"},
			{base + "/hand?seat=7", "keinen Platz „7“", "pas de place «\u00a07\u00a0»"},
		} {
			rec := getIn(t, h, c.path, string(l), "", nil)
			var p struct{ Error string }
			json.Unmarshal(rec.Body.Bytes(), &p)
			want := map[lang.Lang]string{lang.German: c.de, lang.French: c.fr}[l]
			if rec.Code != 400 || !strings.Contains(p.Error, want) {
				t.Errorf("%s %s: %d %q, want %q", l, c.path, rec.Code, p.Error, want)
			}
			english(c.path, p.Error)
		}
		var moved struct{ Events []engine.Event }
		post(base+"/moves", map[string]any{"seat": 0, "move": ch.Next[0].Token + " " + "1"}, 200, &moved)
		var hist []bot.Turn
		getIn(t, h, base+"/history?seat=0", string(l), "", &hist)
		var all []string
		for _, turn := range hist {
			for _, e := range turn.Events {
				all = append(all, e.Text)
			}
		}
		if len(hist) != 2 || len(all) == 0 {
			t.Fatalf("%s history %+v", l, hist)
		}
		english("history", strings.Join(all, "\n"))
		var hand bot.Private
		getIn(t, h, base+"/hand?seat=1", string(l), "", &hand)
		for _, c := range hand.Holding.Cards {
			if c.Name != w.Card(c) {
				t.Errorf("%s card %s named %q", l, c.Token, c.Name)
			}
		}
		// The rules in the language, searched by a word of the language.
		topics := w.Help()
		var found []struct {
			engine.HelpTopic
			KindName string `json:"kind_name"`
		}
		getIn(t, h, "/api/help?game=pebbles&q=", string(l), "", &found)
		if len(found) != len(topics) || found[0].Title != topics[0].Title {
			t.Errorf("%s rules: %+v", l, found)
		}
		// Each topic's kind worded as the game words it (Discord's /rules
		// too), never the English ID on a German or French page.
		for _, f := range found {
			if f.KindName != w.TopicKind(f.Kind) || (l != lang.English && f.KindName == f.Kind) {
				t.Errorf("%s rules: topic %s of kind %q shown as %q", l, f.ID, f.Kind, f.KindName)
			}
		}
		word := strings.Fields(topics[0].Title)[0]
		getIn(t, h, "/api/help?game=pebbles&q="+word, string(l), "", &found)
		if len(found) == 0 {
			t.Errorf("%s rules: nothing found for %q", l, word)
		}
		var topic engine.HelpTopic
		getIn(t, h, "/api/help/"+topics[0].ID+"?game=pebbles", string(l), "", &topic)
		if topic.Body != topics[0].Body {
			t.Errorf("%s topic %s: %q", l, topics[0].ID, topic.Body)
		}
		// Pictures and the chart are asked for in the language.
		var imgs []struct{ URL string }
		getIn(t, h, base+"/images?seat=0", string(l), "", &imgs)
		if len(imgs) == 0 || !strings.HasSuffix(imgs[0].URL, "&lang="+string(l)) {
			t.Errorf("%s images %+v", l, imgs)
		}
		if rec := getIn(t, h, imgs[0].URL, "", "", nil); rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
			t.Errorf("%s image: %d", l, rec.Code)
		}
		if rec := getIn(t, h, base+"/chart.png?v=1&lang="+string(l), "", "", nil); rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
			t.Errorf("%s chart: %d", l, rec.Code)
		}
	}
}

// TestTieBreakLanguage: a finished match's tie-break (the results panel's
// note) is worded in the reader's language (engine.Words.TieBreak), in
// English as the game words it (Brass's names no seat; see
// TestTieBreakNamesTheSeats for one that does).
func TestTieBreakLanguage(t *testing.T) {
	h := newPlayground(t)
	id := importGameRecord(t, h, "brass", "greedy-3p-tie.record")
	for l, want := range map[lang.Lang]string{
		lang.English: "tied on VP; decided by income",
		lang.German:  "Gleichstand bei den Siegpunkten; entschieden nach Einkommen",
		lang.French:  "égalité de points de victoire\u00a0; départagée par le revenu",
	} {
		var got struct{ Play engine.Status }
		getIn(t, h, "/api/matches/"+id, string(l), "", &got)
		if !got.Play.Finished || got.Play.TieBreak != want {
			t.Errorf("%s: finished %v, tie-break %q, want %q", l, got.Play.Finished, got.Play.TieBreak, want)
		}
	}
}

// TestOptionNamesInEveryLanguage: the start form names each option and
// each of its values in the reader's language (the keys and values sent
// stay notation): Brass's tie-break in English, German and French.
func TestOptionNamesInEveryLanguage(t *testing.T) {
	h := newPlayground(t)
	want := map[lang.Lang][3]string{
		lang.English: {"Tie-break", "income, cash, turn order", "cash, turn order"},
		lang.German:  {"Bei Gleichstand", "Einkommen, Bargeld, Zugreihenfolge", "Bargeld, Zugreihenfolge"},
		lang.French:  {"Départage", "revenu, argent, ordre du tour", "argent, ordre du tour"},
	}
	for _, l := range lang.Supported {
		var games []struct {
			ID      string
			Options []struct {
				Key, Default, Label string
				Values              []string
				Labels              map[string]string
			}
		}
		call(t, h, "GET", "/api/games?lang="+string(l), nil, 200, &games)
		if games[0].ID != "brass" {
			t.Fatalf("%s: games %+v", l, games)
		}
		found := false
		for _, o := range games[0].Options {
			if o.Label == "" || len(o.Labels) != len(o.Values) {
				t.Errorf("%s: option %s named %q, values %v", l, o.Key, o.Label, o.Labels)
			}
			if o.Key == "tiebreak" {
				found = true
				w := want[l]
				if o.Label != w[0] || o.Labels["income"] != w[1] || o.Labels["cash"] != w[2] || o.Default != "income" {
					t.Errorf("%s: tie-break option %+v, want %q with %q and %q", l, o, w[0], w[1], w[2])
				}
			}
		}
		if !found {
			t.Errorf("%s: no tie-break option in %+v", l, games[0].Options)
		}
		var pebbles []struct{ Options []struct{ Key, Label string } }
		call(t, h, "GET", "/api/games?lang="+string(l), nil, 200, &pebbles)
		if o := pebbles[1].Options; len(o) != 1 || o[0].Key != "pile" || o[0].Label == "" || o[0].Label == "pile" {
			t.Errorf("%s: Pebbles' option %+v", l, o)
		}
	}
}

// TestComputerNamesInEveryLanguage: the API names a computer's seat in
// the reader's language wherever the page shows seat names (the seat
// bar, the standings, the log, the results: all take the match's seats),
// as the board and the phase already do; a person's name stays as typed.
func TestComputerNamesInEveryLanguage(t *testing.T) {
	h := newPlayground(t)
	var created struct{ Match struct{ ID string } }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 3, "seed": "4", "names": []string{"Ada"}, "players": []string{"person", "strong", "easy"}}, 201, &created)
	id := created.Match.ID
	for _, l := range []lang.Lang{lang.English, lang.German, lang.French} {
		want := []string{"Ada", bot.ComputerNameIn(l, "strong", 1), bot.ComputerNameIn(l, "easy", 1)}
		type seats struct {
			ID    string
			Seats []struct{ Name string }
		}
		check := func(where string, m seats) {
			t.Helper()
			var got []string
			for _, s := range m.Seats {
				got = append(got, s.Name)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: seats %q, want %q", l, where, got, want)
			}
		}
		var one seats
		getIn(t, h, "/api/matches/"+id, string(l), "", &one)
		check("the match", one)
		var list []seats
		getIn(t, h, "/api/matches", string(l), "", &list)
		for _, m := range list {
			if m.ID == id {
				check("the list", m)
			}
		}
	}
	// After the person's move the match waits for the strong computer
	// (its pause is 3 s): the open list names it in the language too.
	var ch engine.Choices
	getIn(t, h, "/api/matches/"+id+"/choices?seat=0&partial=", "", "", &ch)
	call(t, h, "POST", "/api/matches/"+id+"/moves", map[string]any{"seat": 0, "move": ch.Next[0].Token + " 1"}, 200, nil)
	for _, l := range []lang.Lang{lang.English, lang.German, lang.French} {
		var open []struct {
			ID      string
			Waiting []string
		}
		getIn(t, h, "/api/open", string(l), "", &open)
		found := false
		for _, g := range open {
			if g.ID == id {
				found = true
				if want := []string{bot.ComputerNameIn(l, "strong", 1)}; !slices.Equal(g.Waiting, want) {
					t.Errorf("%s open list: waiting for %q, want %q", l, g.Waiting, want)
				}
			}
		}
		if !found {
			t.Errorf("%s open list: %+v without the match", l, open)
		}
	}
	if de := bot.ComputerNameIn(lang.German, "strong", 1); de == bot.ComputerName("strong", 1) {
		t.Fatalf("the German computer's name %q is the English one", de)
	}
}

// TestBrassViewPhaseLanguage: the seat's view that the hand API returns
// (the view `smokestack replay --view` prints too) says what happens now
// as data, never as an English sentence: its top-level texts are tokens
// (period, mode, the last card), and the phase is a message by reference
// (phaseMsg) that reads in the reader's language as the status's phase.
func TestBrassViewPhaseLanguage(t *testing.T) {
	h := newPlayground(t)
	info := brass.New().Info()
	var created struct {
		Match struct {
			ID   string
			Play engine.Status
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "brass", "seats": 3, "seed": "5"}, 201, &created)
	for _, l := range []lang.Lang{lang.English, lang.German, lang.French} {
		var p struct{ View map[string]json.RawMessage }
		getIn(t, h, "/api/matches/"+created.Match.ID+"/hand?seat=0", string(l), "", &p)
		for k, raw := range p.View {
			var s string
			if json.Unmarshal(raw, &s) == nil && strings.Contains(s, " ") {
				t.Errorf("%s: the view's %s is a sentence: %q", l, k, s)
			}
		}
		var m lang.Msg
		if err := json.Unmarshal(p.View["phaseMsg"], &m); err != nil || m.ID == "" {
			t.Fatalf("%s: the view's phaseMsg %s: %v", l, p.View["phaseMsg"], err)
		}
		w := engine.WordsFor(info, l, nil)
		if got, want := w.Msg(m, ""), w.Phase(created.Match.Play); got == "" || got != want {
			t.Errorf("%s: the view's phase reads %q, the status's %q", l, got, want)
		}
		if en := info.Catalog.EnglishIn(l, w.Msg(m, "")); l != lang.English && len(en) > 0 {
			t.Errorf("%s: English %q in the view's phase", l, en)
		}
	}
}
