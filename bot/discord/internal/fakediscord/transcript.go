package fakediscord

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Entries returns a copy of a channel's transcript.
func (s *Server) Entries(channelID string) []Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[channelID]
	if ch == nil {
		return nil
	}
	return append([]Entry(nil), ch.Entries...)
}

// Transcript renders a channel's transcript as text with IDs normalised:
// users become @name, channels #name, every other snowflake <id N> in the
// order of first appearance. repl holds extra old,new pairs applied first
// (match IDs, for instance).
func (s *Server) Transcript(channelID string, repl ...string) string {
	return s.transcript(channelID, false, repl)
}

// TranscriptLabelled is Transcript with every select menu's options
// listed under its row, each with the label and description players read
// beside its value: for transcripts in German or French, where the values
// (the move's tokens) do not show the texts the menus are worded in.
func (s *Server) TranscriptLabelled(channelID string, repl ...string) string {
	return s.transcript(channelID, true, repl)
}

func (s *Server) transcript(channelID string, labels bool, repl []string) string {
	var b strings.Builder
	for _, e := range s.Entries(channelID) {
		writeEntry(&b, e, labels)
	}
	return s.Normalize(b.String(), repl...)
}

// Normalize applies the transcript's normalisation to any text: IDs as
// described at Transcript, RFC 3339 and Discord <t:...> timestamps as <time>.
func (s *Server) Normalize(text string, repl ...string) string {
	if len(repl) > 0 {
		text = strings.NewReplacer(repl...).Replace(text)
	}
	text = timeRE.ReplaceAllString(text, "<time>")
	text = discordTime.ReplaceAllString(text, "<time>")
	names := map[string]string{}
	s.mu.Lock()
	for id, u := range s.users {
		names[id] = "@" + u.Name
	}
	for id, ch := range s.channels {
		if ch.Name != "" && ch.ParentID == "" {
			names[id] = "#" + ch.Name
		}
	}
	s.mu.Unlock()
	text = mentionRE.ReplaceAllStringFunc(text, func(m string) string {
		id := mentionRE.FindStringSubmatch(m)[1]
		if n, ok := names[id]; ok {
			return "<" + n + ">"
		}
		return m
	})
	seen := map[string]string{}
	return snowflakeRE.ReplaceAllStringFunc(text, func(id string) string {
		if n, ok := names[id]; ok {
			return n
		}
		if n, ok := seen[id]; ok {
			return n
		}
		n := fmt.Sprintf("<id%d>", len(seen)+1)
		seen[id] = n
		return n
	})
}

var (
	snowflakeRE = regexp.MustCompile(`\b\d{17,20}\b`)
	timeRE      = regexp.MustCompile(`\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)
	discordTime = regexp.MustCompile(`<t:\d+(:[tTdDfFR])?>`)
)

func writeEntry(b *strings.Builder, e Entry, labels bool) {
	m := e.Message
	if e.Kind == "thread" {
		f := strings.SplitN(e.Thread, " ", 2)
		fmt.Fprintf(b, "== thread %s %q opened\n", f[0], f[1])
		return
	}
	who := "public"
	if m.Ephemeral {
		who = "ephemeral to " + m.To
	}
	fmt.Fprintf(b, "== %s %s (%s, %s)", e.Kind, m.ID, e.Via, who)
	if e.Trigger != "" {
		fmt.Fprintf(b, " <- %s", e.Trigger)
	}
	b.WriteString("\n")
	if e.Kind == "delete" {
		return
	}
	var flags []string
	if m.Flags&FlagSuppressNotifications != 0 {
		flags = append(flags, "silent")
	}
	if m.Flags&FlagSuppressEmbeds != 0 {
		flags = append(flags, "suppress-embeds")
	}
	if len(flags) > 0 {
		fmt.Fprintf(b, "   flags: %s\n", strings.Join(flags, ","))
	}
	if e.Kind == "post" {
		if len(m.Pings) > 0 {
			fmt.Fprintf(b, "   pings: %s\n", strings.Join(m.Pings, " "))
		}
	}
	for _, line := range strings.Split(m.Content, "\n") {
		if m.Content != "" {
			fmt.Fprintf(b, "   | %s\n", line)
		}
	}
	for _, em := range m.Embeds {
		fmt.Fprintf(b, "   embed %q\n", em.Title)
		for _, line := range strings.Split(em.Description, "\n") {
			if em.Description != "" {
				fmt.Fprintf(b, "     | %s\n", line)
			}
		}
		for _, f := range em.Fields {
			fmt.Fprintf(b, "     field %q: %q\n", f.Name, f.Value)
		}
		if em.Image != nil {
			fmt.Fprintf(b, "     image %s\n", em.Image.URL)
		}
		if em.Footer != nil {
			fmt.Fprintf(b, "     footer %q\n", em.Footer.Text)
		}
	}
	for _, f := range m.Files {
		if !strings.HasSuffix(strings.ToLower(f.Name), ".png") {
			// A text file (a match record): its size varies with the
			// moves played, its lines say more.
			fmt.Fprintf(b, "   file %s (text, %d lines)\n", f.Name, strings.Count(string(f.Data), "\n"))
			continue
		}
		fmt.Fprintf(b, "   file %s (png %dx%d)\n", f.Name, f.Width, f.Height)
	}
	for _, r := range m.Components {
		var parts []string
		for _, c := range r.Components {
			switch c.Type {
			case 2:
				d := ""
				if c.Disabled {
					d = " disabled"
				}
				parts = append(parts, fmt.Sprintf("[%s]%s %s", c.Label, d, c.CustomID))
			case 3:
				var opts []string
				for _, o := range c.Options {
					opts = append(opts, o.Value)
				}
				parts = append(parts, fmt.Sprintf("<select %s %q: %s>", c.CustomID, c.Placeholder, strings.Join(opts, "|")))
			}
		}
		fmt.Fprintf(b, "   row %s\n", strings.Join(parts, " "))
		if !labels {
			continue
		}
		for _, c := range r.Components {
			for _, o := range c.Options {
				fmt.Fprintf(b, "     option %s: %q", o.Value, o.Label)
				if o.Description != "" {
					fmt.Fprintf(b, " - %q", o.Description)
				}
				b.WriteString("\n")
			}
		}
	}
}

// Compare compares got with testdata/<name>.golden, or rewrites the file
// when update is set. The package registers no flags: a test package
// declares its own, for example
//
//	var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata")
//
// and passes *update.
func Compare(t testing.TB, name, got string, update bool) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden (run with -update to create it): %v", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("transcript %s differs from the golden file (-want +got):\n%s", name, diff)
	}
}
