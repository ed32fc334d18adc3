package lang

import (
	"embed"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

//go:embed testdata
var testdata embed.FS

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"de": German, "DE": German, " fr ": French, "en": English,
		"de-CH": German, "fr_FR": French, "Deutsch": German, "français": French, "german": German, "English": English} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "es", "klingon", "e", "de-"} {
		_, err := Parse(in)
		if err == nil {
			t.Errorf("Parse(%q) accepted", in)
			continue
		}
		if want := "en (English), de (Deutsch), fr (Français)"; !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) error %q does not list the languages", in, err)
		}
	}
}

func TestFromDiscord(t *testing.T) {
	for in, want := range map[string]Lang{"de": German, "fr": French, "en-US": English, "en-GB": English,
		"es-ES": English, "pt-BR": English, "": English, "zh-CN": English} {
		if got := FromDiscord(in); got != want {
			t.Errorf("FromDiscord(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFromAcceptLanguage(t *testing.T) {
	for in, want := range map[string]Lang{
		"de-DE,de;q=0.9,en;q=0.8": German, "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7": French,
		"en-US,en;q=0.5": English, "es-ES,es;q=0.9": English, "es-ES,es;q=0.9,fr;q=0.5": French,
		"": English, "*": English, ";;;garbage": English, "pt-BR,de;q=0.1": German,
	} {
		if got := FromAcceptLanguage(in); got != want {
			t.Errorf("FromAcceptLanguage(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNumbersAndMoney(t *testing.T) {
	for _, c := range []struct {
		l         Lang
		n         int
		num, cash string
	}{
		{English, 0, "0", "£0"}, {English, 999, "999", "£999"}, {English, 1234, "1,234", "£1,234"},
		{English, -5, "-5", "\u2212£5"}, {English, 1234567, "1,234,567", "£1,234,567"},
		{German, 1234, "1.234", "1.234\u00a0£"}, {German, -5, "-5", "\u22125\u00a0£"}, {German, 12, "12", "12\u00a0£"},
		{French, 1234, "1\u00a0234", "1\u00a0234\u00a0£"}, {French, -1234567, "-1\u00a0234\u00a0567", "\u22121\u00a0234\u00a0567\u00a0£"},
	} {
		if got := c.l.Int(c.n); got != c.num {
			t.Errorf("%s.Int(%d) = %q, want %q", c.l, c.n, got, c.num)
		}
		if got := c.l.Money(c.n, "£"); got != c.cash {
			t.Errorf("%s.Money(%d) = %q, want %q", c.l, c.n, got, c.cash)
		}
	}
}

func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		x    float64
		prec int
		want string
	}{
		{English, 16.5, 1, "16.5"}, {German, 16.5, 1, "16,5"}, {French, 16.5, 1, "16,5"},
		{English, 1234.56, 1, "1,234.6"}, {German, 1234.56, 1, "1.234,6"}, {French, 1234.56, 1, "1\u00a0234,6"},
		{German, -0.25, 2, "-0,25"}, {French, 3, 0, "3"}, {English, 2.25, 2, "2.25"},
	} {
		if got := c.l.Decimal(c.x, c.prec); got != c.want {
			t.Errorf("%s.Decimal(%v, %d) = %q, want %q", c.l, c.x, c.prec, got, c.want)
		}
	}
}

// TestPluralFormsMatchLibrary checks PluralForms against the plural rules
// go-i18n applies: a message with every form, each naming itself, shows
// which forms the counts 0 to 2,000,000 reach in each language.
func TestPluralFormsMatchLibrary(t *testing.T) {
	for _, l := range Supported {
		b := i18n.NewBundle(l.Tag())
		b.MustAddMessages(l.Tag(), &i18n.Message{ID: "x", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"})
		loc := i18n.NewLocalizer(b, string(l))
		seen := map[string]bool{}
		for _, n := range []int{0, 1, 2, 3, 5, 11, 21, 100, 101, 1000, 1000000, 2000000} {
			seen[loc.MustLocalize(&i18n.LocalizeConfig{MessageID: "x", PluralCount: n})] = true
		}
		for _, f := range PluralForms[l] {
			if !seen[f] {
				t.Errorf("%s: form %q in the table, never chosen by the library", l, f)
			}
			delete(seen, f)
		}
		if len(seen) > 0 {
			t.Errorf("%s: the library chooses forms %v the table lacks", l, seen)
		}
	}
}

func TestCatalog(t *testing.T) {
	c, err := Load("good", testdata, "testdata/good")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		l    Lang
		id   string
		data map[string]string
		want string
	}{
		{English, "greet", map[string]string{"seat": "Ann"}, "hello Ann"},
		{German, "greet", map[string]string{"seat": "Ann"}, "hallo Ann"},
		{English, "cost", map[string]string{"seat": "Ann", "cost": "1500"}, "Ann pays £1,500"},
		{German, "cost", map[string]string{"seat": "Ann", "cost": "1500"}, "Ann zahlt 1.500\u00a0£"},
		{German, "place", map[string]string{"seat": "Ann", "loc": "munich"}, "Ann baut in München"},
		{French, "place", map[string]string{"seat": "Ann", "loc": "lyon"}, "Ann construit à lyon"},
		{English, "pebbles", map[string]string{"count": "0"}, "0 pebbles"},
		{English, "pebbles", map[string]string{"count": "1"}, "1 pebble"},
		{English, "pebbles", map[string]string{"count": "2"}, "2 pebbles"},
		{French, "pebbles", map[string]string{"count": "0"}, "0 caillou"},
		{French, "pebbles", map[string]string{"count": "1"}, "1 caillou"},
		{French, "pebbles", map[string]string{"count": "2"}, "2 cailloux"},
		{French, "pebbles", map[string]string{"count": "1000000"}, "1\u00a0000\u00a0000 de cailloux"},
		{English, "left", map[string]string{"n": "1"}, "1 left, 1 pebble"},
		{German, "left", map[string]string{"n": "3"}, "3 übrig, 3 Kiesel"},
	} {
		got, err := c.Localize(x.l, x.id, x.data)
		if err != nil || got != x.want {
			t.Errorf("%s %s %v = %q, %v; want %q", x.l, x.id, x.data, got, err, x.want)
		}
	}
	if _, err := c.Localize(German, "greet", nil); err == nil {
		t.Error("a missing placeholder was not an error")
	}
	if _, err := c.Localize(German, "nope", nil); err == nil {
		t.Error("a missing message was not an error")
	}
	if got := c.Text(German, "nope", nil); got != "nope" {
		t.Errorf("Text of a missing message = %q, want its ID", got)
	}
}

func TestCheckFindsGaps(t *testing.T) {
	c, err := Load("bad", testdata, "testdata/bad")
	if err != nil {
		t.Fatal(err)
	}
	err = c.Check()
	if err == nil {
		t.Fatal("an incomplete catalog passed")
	}
	for _, want := range []string{
		`de: "bye" is missing`,
		`de: "extra" is not an English message`,
		`de: "greet" has placeholders [name], English has [seat]`,
		`fr: "long" is the English text`,
		`fr: "pebbles" has plural forms [one other]; Français needs exactly [one many other]`,
		`fr: "ask": an ordinary space before '?'`,
		`fr: "quote": an ordinary space after «`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check's report lacks %q:\n%v", want, err)
		}
	}
}

// TestFrenchTypography: French puts a no-break space before ; : ? ! and
// inside « », never an ordinary one (a line could start with the mark),
// and writes the typographic apostrophe; actions and code are not prose.
func TestFrenchTypography(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"prêt\u00a0?", ""},
		{"prêt ?", "before '?'"},
		{"coût : 3", "before ':'"},
		{"cubes\u00a0: {{.n}} ; fin", "before ';'"},
		{"« mot\u00a0»", "after «"},
		{"«\u00a0mot »", "before '»'"},
		{"{{.who}}\u00a0: {{if .x}}oui{{end}}", ""},
		{"{{.seat}}: ok", ""},
		{"tape `/rules topic:take` puis `a ; b`", ""},
		{"2 » 3", "before '»'"},
		{"l'usine", "straight apostrophe"},
		{"l’{{.x}} d’argent", ""},
		{"tape `l'x`", ""},
	} {
		got := frenchTypography(tc.text)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("frenchTypography(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestTextFallsBackToEnglish(t *testing.T) {
	c, err := Load("bad", testdata, "testdata/bad")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Text(German, "bye", nil); got != "bye" {
		t.Errorf("missing German message = %q, want the English one", got)
	}
}

func TestEnglishIn(t *testing.T) {
	c, err := Load("good", testdata, "testdata/good")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.EnglishIn(German, "Ann pays £5"); len(got) != 0 {
		t.Errorf("one English word counted as a sentence: %v", got)
	}
	if got := c.EnglishIn(German, "Ann builds in München"); !slices.Equal(got, []string{"builds in"}) {
		t.Errorf("EnglishIn = %v, want [builds in]", got)
	}
	if got := c.EnglishIn(German, "Ann baut in Munich"); len(got) != 0 {
		t.Errorf("German text reported as English: %v", got)
	}
}

// TestPlaceholdersOnlyAreNoEnglish: a message made only of placeholders
// ("{{money .value}}") reads the same in every language and is no
// untranslated English; words around a placeholder still count.
func TestPlaceholdersOnlyAreNoEnglish(t *testing.T) {
	for s, want := range map[string]int{
		"{{money .value}}":              0,
		"{{num .n}} {{money .v}}":       0,
		"{{.seat}} takes {{num .n}}":    1,
		"Game turn {{.turn}} of {{.n}}": 3,
		"broken {{ action":              3,
	} {
		if got := len(strings.Fields(withoutActions(s))); got != want {
			t.Errorf("%q: %d words, want %d", s, got, want)
		}
	}
}

// A catalog may be kept in several files per language: l.toml and
// <part>.l.toml; a message in two files is refused.
func TestLoadSplitFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.toml":      {Data: []byte("hello = \"Hello {{.who}}\"\n")},
		"m/help.en.toml": {Data: []byte("[help.x]\ntitle = \"Getting started\"\n")},
		"m/de.toml":      {Data: []byte("hello = \"Hallo {{.who}}\"\n")},
		"m/help.de.toml": {Data: []byte("[help.x]\ntitle = \"Erste Schritte\"\n")},
		"m/fr.toml":      {Data: []byte("hello = \"Bonjour {{.who}}\"\n")},
		"m/help.fr.toml": {Data: []byte("[help.x]\ntitle = \"Premiers pas\"\n")},
	}
	c, err := Load("split", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	for l, want := range map[Lang]string{English: "Getting started", German: "Erste Schritte", French: "Premiers pas"} {
		if got, err := c.Localize(l, "help.x.title", nil); err != nil || got != want {
			t.Errorf("%s: help.x.title = %q, %v; want %q", l, got, err, want)
		}
	}
	// A translation is read on first use: a German message in two files
	// loads, German reads English, and Check fails naming the message.
	fsys["m/more.de.toml"] = &fstest.MapFile{Data: []byte("hello = \"Servus\"\n")}
	c, err = Load("split", fsys, "m")
	if err != nil {
		t.Fatalf("a broken translation fails Load: %v", err)
	}
	if got := c.Text(German, "hello", map[string]string{"who": "Ann"}); got != "Hello Ann" {
		t.Errorf("German of a broken translation reads %q, want the English", got)
	}
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), `"hello" twice`) {
		t.Errorf("Check passes a message in two German files: %v", err)
	}
	// A broken English file fails Load itself.
	fsys["m/more.en.toml"] = &fstest.MapFile{Data: []byte("hello = \"Hi\"\n")}
	if _, err := Load("split", fsys, "m"); err == nil || !strings.Contains(err.Error(), `"hello" twice`) {
		t.Errorf("a message in two English files loads: %v", err)
	}
	delete(fsys, "m/more.en.toml")
	delete(fsys, "m/en.toml")
	delete(fsys, "m/help.en.toml")
	if _, err := Load("split", fsys, "m"); err == nil {
		t.Error("a catalog without English files loads")
	}
}

// TestFunctionsWithoutTemplate: templates of text and simple actions
// ({{.k}}, {{num .k}}, {{money .k}}, {{name "kind" .k}}, {{t "id" .k}})
// run on segments, others on text/template, and both word the same.
func TestFunctionsWithoutTemplate(t *testing.T) {
	files := map[string]string{
		"en": "currency = \"$\"\nsimple = \"{{name \\\"place\\\" .p}} costs {{money .m}} for {{num .n}} ({{t \\\"stone\\\" .n}}), {{.x}}\"\n" +
			"full = \"{{if .x}}{{name \\\"place\\\" .p}} costs {{money .m}} for {{num .n}} ({{t \\\"stone\\\" .n}}), {{.x}}{{end}}\"\n" +
			"[name.place]\nmill = \"the Mill\"\n[stone]\none = \"{{.count}} stone\"\nother = \"{{.count}} stones\"\n",
		"de": "currency = \"$\"\nsimple = \"{{name \\\"place\\\" .p}} kostet {{money .m}} für {{num .n}} ({{t \\\"stone\\\" .n}}), {{.x}}\"\n" +
			"full = \"{{if .x}}{{name \\\"place\\\" .p}} kostet {{money .m}} für {{num .n}} ({{t \\\"stone\\\" .n}}), {{.x}}{{end}}\"\n" +
			"[name.place]\nmill = \"die Mühle\"\n[stone]\none = \"{{.count}} Stein\"\nother = \"{{.count}} Steine\"\n",
	}
	fsys := fstest.MapFS{}
	for l, text := range files {
		fsys["m/"+l+".toml"] = &fstest.MapFile{Data: []byte(text)}
	}
	c, err := Load("funcs", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	de, _ := c.tongue(German)
	if de.entries["simple"].simple != nil || de.entries["full"].tmpl != nil {
		t.Fatal("German templates parsed before their first use")
	}
	de.entries["simple"].parse(de.funcs)
	de.entries["full"].parse(de.funcs)
	if len(de.entries["simple"].simple) == 0 || len(de.entries["full"].tmpl) == 0 {
		t.Fatal("the simple message is not on segments, or the other not a template")
	}
	for _, d := range []map[string]string{
		{"p": "mill", "m": "1234", "n": "1", "x": "ok"},
		{"p": "barn", "m": "5", "n": "1000", "x": "ok"},
	} {
		for _, l := range []Lang{English, German} {
			a, err1 := c.Localize(l, "simple", d)
			b, err2 := c.Localize(l, "full", d)
			if err1 != nil || err2 != nil || a != b {
				t.Errorf("%s %v: segments %q (%v), template %q (%v)", l, d, a, err1, b, err2)
			}
		}
	}
	if got, _ := c.Localize(German, "simple", map[string]string{"p": "mill", "m": "1234", "n": "2", "x": "ok"}); got != "die Mühle kostet 1.234\u00a0$ für 2 (2 Steine), ok" {
		t.Errorf("German %q", got)
	}
	if _, err := c.Localize(German, "simple", map[string]string{"p": "mill"}); err == nil {
		t.Error("a missing key is no error on segments")
	}
}

// MustLoad reads English on its first use too: a broken English file
// panics nowhere, reads as message IDs, and fails Check with its error.
func TestMustLoadReadsEnglishOnFirstUse(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.toml":      {Data: []byte("hello = \"Hello {{.who}}\"\n")},
		"m/more.en.toml": {Data: []byte("hello = \"Hi\"\n")},
	}
	c := MustLoad("lazy", fsys, "m")
	if got := c.Text(English, "hello", map[string]string{"who": "Ann"}); got != "hello" {
		t.Errorf("a broken English file words %q, want the message ID", got)
	}
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), `"hello" twice`) {
		t.Errorf("Check passes a message in two English files: %v", err)
	}
	fsys["m/more.en.toml"] = &fstest.MapFile{Data: []byte("bye = \"Bye {{ .who\"\n")}
	if err := MustLoad("lazy", fsys, "m").Check(); err == nil || !strings.Contains(err.Error(), "bye") {
		t.Errorf("Check passes a broken English template: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustLoad without an English file does not panic")
		}
	}()
	MustLoad("lazy", fstest.MapFS{"m/de.toml": {Data: []byte("hello = \"Hallo\"\n")}}, "m")
}

// A broken template in a translation fails only its own message there
// (English stands in for it) and Check, which names it.
func TestBrokenTranslatedTemplate(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.toml": {Data: []byte("hello = \"Hello {{.who}}\"\nbye = \"Bye\"\n")},
		"m/de.toml": {Data: []byte("hello = \"Hallo {{.who\"\nbye = \"Tschüss\"\n")},
		"m/fr.toml": {Data: []byte("hello = \"Bonjour {{.who}}\"\nbye = \"Au revoir\"\n")},
	}
	c, err := Load("broken", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Text(German, "hello", map[string]string{"who": "Ann"}); got != "Hello Ann" {
		t.Errorf("a broken German template words %q, want the English", got)
	}
	if got := c.Text(German, "bye", nil); got != "Tschüss" {
		t.Errorf("a sound German message beside a broken one words %q", got)
	}
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), `de: "hello"`) {
		t.Errorf("Check passes a broken German template: %v", err)
	}
	fsys["m/en.toml"] = &fstest.MapFile{Data: []byte("hello = \"Hello {{.who\"\n")}
	if _, err := Load("broken", fsys, "m"); err == nil || !strings.Contains(err.Error(), `"hello"`) {
		t.Errorf("a broken English template loads: %v", err)
	}
}

// TestScopedPart: a part file whose IDs all carry its name as prefix
// (web.<lang>.toml) words those messages alone, before the whole language
// is read (the playground's first page, docs/performance.md "Cold
// start"); the whole read refuses a message of that prefix in another
// file, so the part alone and the whole language always word the same.
func TestScopedPart(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.toml":     {Data: []byte("hello = \"Hello {{.who}}\"\n")},
		"m/web.en.toml": {Data: []byte("[web.title]\nother = \"Playground of {{.who}}\"\n[web.stones]\none = \"{{.count}} stone\"\nother = \"{{.count}} stones\"\n")},
		"m/de.toml":     {Data: []byte("hello = \"Hallo {{.who}}\"\n")},
		"m/web.de.toml": {Data: []byte("[web.title]\nother = \"Spielplatz von {{.who}}\"\n[web.stones]\none = \"{{.count}} Stein\"\nother = \"{{.count}} Steine\"\n")},
		"m/fr.toml":     {Data: []byte("hello = \"Bonjour {{.who}}\"\n")},
		"m/web.fr.toml": {Data: []byte("[web.title]\nother = \"Bac à sable de {{.who}}\"\n[web.stones]\none = \"{{.count}} pierre\"\nmany = \"{{.count}} de pierres\"\nother = \"{{.count}} pierres\"\n")},
	}
	c := MustLoad("scoped", fsys, "m")
	if got := c.IDsIn("web"); !slices.Equal(got, []string{"web.stones", "web.title"}) {
		t.Errorf("IDsIn(web) = %v", got)
	}
	if got := c.Text(German, "web.stones", map[string]string{CountKey: "1"}); got != "1 Stein" {
		t.Errorf("German web.stones = %q", got)
	}
	if !c.Has(English, "web.title") {
		t.Error("Has of the scoped part")
	}
	for _, l := range []Lang{English, German} {
		if c.langs[l].done.Load() {
			t.Errorf("%s: the whole language was read for the part's messages", l)
		}
	}
	if c.Has(English, "web.none") {
		t.Error("Has of a message nowhere")
	}
	if got := c.Text(English, "hello", map[string]string{"who": "Ann"}); got != "Hello Ann" {
		t.Errorf("hello = %q", got)
	}
	if got := c.Text(English, "web.title", map[string]string{"who": "Ann"}); got != "Playground of Ann" {
		t.Errorf("web.title after the whole read = %q", got)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	if got := c.IDs(); !slices.Equal(got, []string{"hello", "web.stones", "web.title"}) {
		t.Errorf("IDs = %v", got)
	}
	// A message of the part's prefix outside the part fails the whole
	// read: Load at once for English, Check for a translation.
	fsys["m/en.toml"] = &fstest.MapFile{Data: []byte("hello = \"Hello {{.who}}\"\n[web.lost]\nother = \"Lost\"\n")}
	if _, err := Load("scoped", fsys, "m"); err == nil || !strings.Contains(err.Error(), `"web.lost" belongs in m/web.en.toml`) {
		t.Errorf("a web.* message outside web.en.toml loads: %v", err)
	}
	fsys["m/en.toml"] = &fstest.MapFile{Data: []byte("hello = \"Hello {{.who}}\"\n")}
	fsys["m/fr.toml"] = &fstest.MapFile{Data: []byte("hello = \"Bonjour {{.who}}\"\n[web.lost]\nother = \"Perdu\"\n")}
	if err := MustLoad("scoped", fsys, "m").Check(); err == nil || !strings.Contains(err.Error(), `"web.lost" belongs in m/web.fr.toml`) {
		t.Errorf("Check passes a web.* message outside web.fr.toml: %v", err)
	}
	// A part with another ID is no scoped part: it is read with the whole
	// language, as before.
	fsys["m/fr.toml"] = &fstest.MapFile{Data: []byte("hello = \"Bonjour {{.who}}\"\n")}
	fsys["m/web.en.toml"] = &fstest.MapFile{Data: []byte("[web.title]\nother = \"Playground of {{.who}}\"\n[web.stones]\none = \"{{.count}} stone\"\nother = \"{{.count}} stones\"\n[other]\nother = \"Other\"\n")}
	c = MustLoad("scoped", fsys, "m")
	if got := c.Text(English, "web.title", map[string]string{"who": "Ann"}); got != "Playground of Ann" || !c.langs[English].done.Load() {
		t.Errorf("an unscoped part: web.title = %q, whole read %v", got, c.langs[English].done.Load())
	}
}
