package discord

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestClipWords: a long text is cut after a whole word, its trailing
// punctuation dropped, never inside the kept head nor at a no-break space.
func TestClipWords(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		keep int
		want string
	}{
		{"short", 10, 0, "short"},
		{"a=b - one two three", 12, 3, "a=b - one…"},
		{"a=b - one two, three", 15, 3, "a=b - one two…"},
		{"a=b - one two three", 14, 3, "a=b - one two…"},
		{"a=b - 5\u00a0PV more", 10, 3, "a=b…"},
		{"a=b - 5\u00a0PV more", 12, 3, "a=b - 5\u00a0PV…"},
		{"key=value-without-spaces", 10, 9, "key=value…"},
	} {
		if got := clipWords(tc.s, tc.n, tc.keep); got != tc.want {
			t.Errorf("clipWords(%q, %d, %d) = %q, want %q", tc.s, tc.n, tc.keep, got, tc.want)
		}
	}
}

// TestEventLine: events that do not fit are left out whole, the latest
// first, a run of them read as one "…"; kept events never go.
func TestEventLine(t *testing.T) {
	evs := []string{"one", "two", "three", "four"}
	for _, tc := range []struct {
		l     lang.Lang
		keep  []bool
		limit int
		want  string
	}{
		{lang.English, nil, 100, "one; two; three; four"},
		{lang.English, nil, 18, "one; two; three; …"},
		{lang.English, nil, 17, "one; two; …"},
		{lang.English, nil, 9, "one; …"},
		{lang.English, []bool{false, false, false, true}, 12, "one; …; four"},
		{lang.English, []bool{true, false, false, true}, 1, "one; …; four"},
		// German joins sentences; "…" ends none, so no full stop follows it.
		{lang.German, nil, 100, "One. Two. Three. Four"},
		{lang.German, nil, 9, "One. …"},
		{lang.German, []bool{false, false, false, true}, 12, "One. … Four"},
	} {
		if got := eventLine(engine.Words{Lang: tc.l}, evs, tc.keep, tc.limit); got != tc.want {
			t.Errorf("%s eventLine(%v, %d) = %q, want %q", tc.l, tc.keep, tc.limit, got, tc.want)
		}
	}
}

// TestRuleExcerptEndsASentence: a refused move's rule, in every game and
// language, is quoted whole or up to the end of a sentence or a line
// within its 600 characters, never cut inside one.
func TestRuleExcerptEndsASentence(t *testing.T) {
	cut := 0
	for _, g := range translatedGames() {
		for _, l := range lang.Supported {
			for _, topic := range engine.WordsFor(g.Info(), l, nil).Help() {
				text := problemText(bot.Problem{Text: "x", Topic: &topic}, l, bot.PlaceChannel)
				head := bot.Say(l, "discord.rule", "title", topic.Title, "body", "")
				_, excerpt, _ := strings.Cut(text, head)
				excerpt, _, _ = strings.Cut(excerpt, "\n"+bot.Say(l, "discord.more", "topic", topic.ID))
				if excerpt == topic.Body {
					continue
				}
				cut++
				body, ok := strings.CutSuffix(excerpt, " …")
				if !ok || utf8.RuneCountInString(excerpt) > 600 || !strings.HasPrefix(topic.Body, body) {
					t.Errorf("%s %s %s: %q is no excerpt of %q", g.Info().ID, l, topic.ID, excerpt, topic.Body)
					continue
				}
				rest := topic.Body[len(body):]
				if !strings.HasPrefix(rest, "\n") && !(strings.ContainsAny(body[len(body)-1:], ".!?") && strings.HasPrefix(rest, " ")) {
					t.Errorf("%s %s %s: cut inside a sentence: %q", g.Info().ID, l, topic.ID, excerpt)
				}
			}
		}
	}
	if cut == 0 {
		t.Error("no rule was long enough to be cut")
	}
}

// TestJoinedEventsLowerNoName: in English and French a joined event
// begins in lower case (inLine), which is right only when the text
// begins with a common word or a seat's name (kept as typed). So no
// event message of any game, nor of the host, may begin with another
// value: a place's, a card's or a good's name would lose its capital.
// Each message is worded with every value it asks for set to "Q" and the
// value's key; a text that then begins with "Q" begins with that value.
func TestJoinedEventsLowerNoName(t *testing.T) {
	// The values that are seats' names (kept as typed), numbers, and
	// common nouns ("Canal period").
	fine := map[string]bool{"Seat": true, "seat": true, "seatold": true, "players": true, "period": true}
	cats := []*lang.Catalog{bot.Catalog()}
	for _, g := range translatedGames() {
		cats = append(cats, g.Info().Catalog)
	}
	numeric := regexp.MustCompile(`"Q([A-Za-z0-9_-]+)"`)
	checked := 0
	for _, c := range cats {
		for _, l := range []lang.Lang{lang.English, lang.French} {
			for _, id := range c.IDsIn("event") {
				data := map[string]string{}
				var text string
				for range 20 {
					s, err := c.Localize(l, id, data)
					if err == nil {
						text = s
						break
					}
					// missingkey=error names the key the message asks for;
					// a value that must be a number says so.
					if m := numeric.FindStringSubmatch(err.Error()); m != nil {
						data[m[1]] = "2"
						continue
					}
					_, after, ok := strings.Cut(err.Error(), `no entry for key "`)
					key, _, _ := strings.Cut(after, `"`)
					if !ok || key == "" {
						t.Fatalf("%s %s: %v", l, id, err)
					}
					data[key] = "Q" + key
				}
				checked++
				for key := range data {
					if strings.HasPrefix(text, "Q"+key) && !fine[key] {
						t.Errorf("%s %s begins with the value %q, which a joined line would lower: %q", l, id, key, text)
					}
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("only %d event messages checked", checked)
	}
}
