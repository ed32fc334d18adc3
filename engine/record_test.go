package engine_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// ignoreLines compares records without the source line numbers of moves.
var ignoreLines = cmp.Options{cmpopts.IgnoreFields(engine.RecordMove{}, "Line"), cmpopts.EquateEmpty()}

const exampleRecord = `# Smokestack match record
# played on the kitchen table, entered by hand
Game: brass
Rules: 1
Seed: 123456789
Seats: 4
Players: Alice, Bob #2, "Smith, Carol", Dan
Option: link-scoring=flipped
pin: deck=manchester,wigan , bolton
Result: ranking 2 1 4 3; scores 131 128 96 90

1 s2 build cotton manchester card:manchester
2  S3   pass card:wigan   # a comment after the move

# a comment between moves
3 s1 loan 30 card:bolton#not-a-comment
`

func TestParseRecordExample(t *testing.T) {
	r, err := engine.ParseRecord(strings.NewReader(exampleRecord))
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Record{
		Game:    "brass",
		Rules:   1,
		Seed:    123456789,
		Seats:   4,
		Players: []string{"Alice", "Bob #2", "Smith, Carol", "Dan"},
		Options: map[string]string{"link-scoring": "flipped"},
		Pins:    map[string]string{"deck": "manchester,wigan , bolton"},
		Result:  "ranking 2 1 4 3; scores 131 128 96 90",
		Moves: []engine.RecordMove{
			{Seat: 1, Text: "build cotton manchester card:manchester", Line: 12},
			{Seat: 2, Text: "pass card:wigan", Line: 13},
			{Seat: 0, Text: "loan 30 card:bolton#not-a-comment", Line: 16},
		},
	}
	if d := cmp.Diff(want, r); d != "" {
		t.Errorf("ParseRecord (-want +got):\n%s", d)
	}
}

func TestFormatCanonical(t *testing.T) {
	r := engine.Record{
		Game:    "pebbles",
		Rules:   1,
		Seed:    42,
		Seats:   3,
		Players: []string{"Ann", " padded", "", `say "hi"`},
		Options: map[string]string{"pile": "9", "b": "x=y"},
		Pins:    map[string]string{"deck": "1,2,3"},
		Moves:   []engine.RecordMove{{Seat: 0, Text: "take 2"}, {Seat: 2, Text: "pass"}},
	}
	r.Players = r.Players[:3]
	want := `# Smokestack match record
Game: pebbles
Rules: 1
Seed: 42
Seats: 3
Players: Ann, " padded", ""
Option: b=x=y
Option: pile=9
Pin: deck=1,2,3

1 s1 take 2
2 s3 pass
`
	if got := string(r.Format()); got != want {
		t.Errorf("Format:\n%s\nwant:\n%s", got, want)
	}
	// No moves: no trailing blank line.
	r.Moves, r.Players, r.Options, r.Pins = nil, nil, nil, nil
	r.Result = "ranking 1 2 3; scores 1 0 0"
	want = "# Smokestack match record\nGame: pebbles\nRules: 1\nSeed: 42\nSeats: 3\nResult: ranking 1 2 3; scores 1 0 0\n"
	if got := string(r.Format()); got != want {
		t.Errorf("Format without moves:\n%q\nwant:\n%q", got, want)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	records := []engine.Record{
		{Game: "g", Rules: 0, Seed: 0, Seats: 1},
		{Game: "brass", Rules: 7, Seed: 1<<64 - 1, Seats: 4,
			Players: []string{"a,b", `"q"`, " x ", "\x00\xff"},
			Options: map[string]string{"z": "", "a": "1 2 3"},
			Pins:    map[string]string{"deck": "manchester,wigan"},
			Result:  "ranking 1 2 3 4; scores 1 2 3 4; tie-break money",
			Moves:   []engine.RecordMove{{Seat: 3, Text: "sell bolton>distant card:bolton"}, {Seat: 0, Text: "a#b"}},
		},
	}
	for _, r := range records {
		if err := r.Validate(); err != nil {
			t.Fatalf("Validate(%+v): %v", r, err)
		}
		text := r.Format()
		got, err := engine.ParseRecord(bytes.NewReader(text))
		if err != nil {
			t.Fatalf("ParseRecord(Format()):\n%s\n%v", text, err)
		}
		if d := cmp.Diff(r, got, ignoreLines); d != "" {
			t.Errorf("round trip (-want +got):\n%s\n%s", d, text)
		}
		if again := got.Format(); !bytes.Equal(again, text) {
			t.Errorf("second Format differs:\n%s\nfirst:\n%s", again, text)
		}
	}
}

func TestParseRecordErrors(t *testing.T) {
	head := "Game: pebbles\nRules: 1\nSeed: 1\nSeats: 2\n"
	tests := []struct {
		name string
		text string
		line int
	}{
		{"empty", "", 0},
		{"missing seed", "Game: pebbles\nRules: 1\nSeats: 2\n", 0},
		{"missing before move", "Game: pebbles\nRules: 1\n1 s1 take 1\n", 3},
		{"unknown header", head + "Event: club night\n", 5},
		{"duplicate header", head + "Seats: 3\n", 5},
		{"bad seed", "Game: x\nSeed: -1\n", 2},
		{"bad seats", "Game: x\nSeats: many\n", 2},
		{"zero seats", "Game: x\nSeats: 0\n", 2},
		{"bad rules", "Rules: 1.5\n", 1},
		{"game with space", "Game: brass lancashire\n", 1},
		{"empty value", "Game:\n", 1},
		{"option without =", head + "Option: fast\n", 5},
		{"duplicate option", head + "Option: a=1\noption: a=2\n", 6},
		{"duplicate pin", head + "Pin: deck=1\nPin: deck=2\n", 6},
		{"garbage", head + "hello world\n", 5},
		{"header after move", head + "1 s1 take 1\nOption: pile=9\n", 6},
		{"move number skips", head + "1 s1 take 1\n3 s2 take 1\n", 6},
		{"move number starts at 2", head + "\n2 s1 take 1\n", 6},
		{"seat out of range", head + "1 s3 take 1\n", 5},
		{"seat zero", head + "1 s0 take 1\n", 5},
		{"seat missing s", head + "1 2 take 1\n", 5},
		{"no move text", head + "1 s1\n", 5},
		{"only comment after seat", head + "1 s1 # take 1\n", 5},
		{"too many players", head + "Players: a, b, c\n", 0},
		{"unterminated quote", head + "Players: \"a, b\n", 5},
		{"stray quote", head + "Players: a\"b, c\n", 5},
		{"text after quoted name", head + "Players: \"a\" b, c\n", 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := engine.ParseRecord(strings.NewReader(tt.text))
			if !errors.Is(err, engine.ErrBadRecord) {
				t.Fatalf("err = %v, want ErrBadRecord", err)
			}
			var re *engine.RecordError
			if !errors.As(err, &re) || re.Line != tt.line {
				t.Errorf("err = %v, want a RecordError on line %d", err, tt.line)
			}
		})
	}
}

func TestParseRecordCRLF(t *testing.T) {
	text := strings.ReplaceAll(exampleRecord, "\n", "\r\n")
	a, err := engine.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := engine.ParseRecord(strings.NewReader(exampleRecord))
	if d := cmp.Diff(b, a); d != "" {
		t.Errorf("CRLF record differs (-lf +crlf):\n%s", d)
	}
}

func TestValidate(t *testing.T) {
	ok := engine.Record{Game: "g", Rules: 1, Seats: 2, Moves: []engine.RecordMove{{Seat: 1, Text: "pass"}}}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []func(r *engine.Record){
		func(r *engine.Record) { r.Game = "" },
		func(r *engine.Record) { r.Rules = -1 },
		func(r *engine.Record) { r.Seats = 0 },
		func(r *engine.Record) { r.Players = []string{"one"} },
		func(r *engine.Record) { r.Options = map[string]string{"a b": "1"} },
		func(r *engine.Record) { r.Pins = map[string]string{"deck": "1\n2"} },
		func(r *engine.Record) { r.Result = " padded" },
		func(r *engine.Record) { r.Moves[0].Seat = 2 },
		func(r *engine.Record) { r.Moves[0].Text = "" },
		func(r *engine.Record) { r.Moves[0].Text = "pass # why" },
	}
	for i, f := range bad {
		r := ok
		r.Moves = append([]engine.RecordMove(nil), ok.Moves...)
		f(&r)
		if err := r.Validate(); !errors.Is(err, engine.ErrBadRecord) {
			t.Errorf("case %d: Validate = %v, want ErrBadRecord", i, err)
		}
	}
}

func TestResultText(t *testing.T) {
	s := engine.Status{Finished: true, Ranking: []int{1, 0, 2},
		Seats:    []engine.SeatStatus{{Seat: 0, Score: 5}, {Seat: 1, Score: 9}, {Seat: 2, Score: 5}},
		TieBreak: "more\nmoney"}
	if got, want := engine.ResultText(s), "ranking 2 1 3; scores 5 9 5; tie-break more money"; got != want {
		t.Errorf("ResultText = %q, want %q", got, want)
	}
	s.Finished = false
	if got := engine.ResultText(s); got != "" {
		t.Errorf("ResultText of a running game = %q, want empty", got)
	}
}

func FuzzParseRecord(f *testing.F) {
	f.Add(exampleRecord)
	f.Add("Game: g\nRules: 1\nSeed: 2\nSeats: 2\nPlayers: \"a,\", b\n1 s2 x # y\n")
	f.Add("Game: g\nRules: 1\nSeed: 2\nSeats: 1\nOption: k = v=w \n\n1 s1 \u00a0#z\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := engine.ParseRecord(strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, engine.ErrBadRecord) {
				t.Fatalf("error %v is not ErrBadRecord", err)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("parsed record fails Validate: %v", err)
		}
		out := r.Format()
		r2, err := engine.ParseRecord(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("Format output does not parse: %v\n%s", err, out)
		}
		if d := cmp.Diff(r, r2, ignoreLines); d != "" {
			t.Fatalf("round trip (-first +second):\n%s", d)
		}
		if out2 := r2.Format(); !bytes.Equal(out, out2) {
			t.Fatalf("Format not stable:\n%s\n%s", out, out2)
		}
	})
}

// The example in docs/record-format.md is a valid record.
func TestRecordFormatDocExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/record-format.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "## Example\n\n```\n")
	example, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("no example block under \"## Example\"")
	}
	r, err := engine.ParseRecord(strings.NewReader(example))
	if err != nil {
		t.Fatalf("the documented example does not parse: %v", err)
	}
	if r.Game != "brass" || len(r.Players) != 4 || len(r.Moves) == 0 || r.Result == "" || len(r.Pins) == 0 || len(r.Options) == 0 {
		t.Errorf("the example should show every header and some moves: %+v", r)
	}
}

// TestRecordWindowsFile: a byte-order mark and CR LF line ends read the
// same as the plain file, as docs/record-format.md promises.
func TestRecordWindowsFile(t *testing.T) {
	plain, err := engine.ParseRecord(strings.NewReader(exampleRecord))
	if err != nil {
		t.Fatal(err)
	}
	windows := "\ufeff" + strings.ReplaceAll(exampleRecord, "\n", "\r\n")
	got, err := engine.ParseRecord(strings.NewReader(windows))
	if err != nil {
		t.Fatalf("record with a BOM and CR LF: %v", err)
	}
	if diff := cmp.Diff(plain, got, ignoreLines); diff != "" {
		t.Errorf("BOM + CR LF record differs (-plain +windows):\n%s", diff)
	}
}

// TestRecordFieldLimits: oversize free text is refused with a message that
// names the limit and quotes only an excerpt.
func TestRecordFieldLimits(t *testing.T) {
	head := "Game: pebbles\nRules: 1\nSeed: 1\nSeats: 2\n"
	huge := strings.Repeat("x", 3<<20)
	for _, c := range []struct {
		name, text, want string
	}{
		{"player name", "Game: pebbles\nRules: 1\nSeed: 1\nSeats: 2\nPlayers: Ann, " + strings.Repeat("n", 65) + "\n", "longer than 64 characters"},
		{"3 MB player name", "Game: pebbles\nRules: 1\nSeed: 1\nSeats: 2\nPlayers: Ann, " + huge + "\n", "longer than 4096 bytes"},
		{"move", head + "1 s1 take " + huge + "\n", "longer than 500 bytes"},
		{"illegal line", head + huge + "\n", "expected a header"},
		{"option", head + "Option: pile=" + huge + "\n", "longer than 4096 bytes"},
		{"game id", "Game: " + strings.Repeat("g", 41) + "\nRules: 1\nSeed: 1\nSeats: 2\n", "at most 40 characters"},
		{"not utf-8", head + "1 s1 take \xff\n", "not UTF-8"},
	} {
		_, err := engine.ParseRecord(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
			continue
		}
		if len(err.Error()) > 200 {
			t.Errorf("%s: the error echoes %d bytes: %.200s", c.name, len(err.Error()), err)
		}
	}
	// Names at the limit, in any script, pass.
	name := strings.Repeat("é", engine.MaxPlayerName)
	if _, err := engine.ParseRecord(strings.NewReader("Game: pebbles\nRules: 1\nSeed: 1\nSeats: 2\nPlayers: Ann, " + name + "\n")); err != nil {
		t.Errorf("a %d-character name: %v", engine.MaxPlayerName, err)
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"eleven chars", 6, "eleven…"},
		{"ééééé", 3, "ééé…"},
	} {
		if got := engine.Clip(c.in, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// TestRecordErrorsWorded: every error a reader of a bad record sees has a
// message by reference (Key, Data) that every language words; the English
// Msg reads as it did when it was built with fmt.Sprintf (Go quoting).
func TestRecordErrorsWorded(t *testing.T) {
	head := "Game: pebbles\nRules: 1\nSeed: 1\nSeats: 2\n"
	for _, c := range []struct {
		text, key, en string
	}{
		{"", "header-missing", "missing header Game, Rules, Seed, Seats"},
		{head + "Event: club night\n", "header-unknown", `unknown header "Event" (known: Game, Rules, Seed, Seats, Players, Option, Pin, Result)`},
		{head + "Seats: 3\n", "header-twice", "duplicate Seats header"},
		{"Game: x\nSeed: -1\n", "seed", `seed "-1" is not a number from 0 to 18446744073709551615`},
		{"Game: x\nSeats: many\n", "seats", `seats "many" is not a number from 1 to 100`},
		{"Rules: 1.5\n", "rules", `rules version "1.5" is not a non-negative number`},
		{"Game: brass lancashire\n", "game-id", `game id "brass lancashire" is not one word of at most 40 characters`},
		{"Game:\n", "header-empty", "empty Game header"},
		{head + "Option: fast\n", "option-form", `option "fast" is not key=value with a key without spaces`},
		{head + "Pin: deck\n", "pin-form", `pin "deck" is not key=value with a key without spaces`},
		{head + "Option: a=1\noption: a=2\n", "option-twice", `duplicate option "a"`},
		{head + "Pin: deck=1\nPin: deck=2\n", "pin-twice", `duplicate pin "deck"`},
		{head + "hello\u200bworld\n", "line", `expected a header (Key: value) or a move (number, seat, notation), got "hello\u200bworld"`},
		{head + "1 s1 take 1\nOption: pile=9\n", "header-late", `header "Option" after the first move; headers come first`},
		{head + "1 s1 take 1\n3 s2 take 1\n", "move-number", `move number "3": expected 2`},
		{head + "1 s1 take 1\n2 undo 5\n", "move-undo", `move 2: undo "5": expected the number of an earlier move`},
		{head + "1 s3 take 1\n", "move-seat-range", `move 1: seat "s3" is not s1 to s2`},
		{head + "1 2 take 1\n", "move-seat", `move 1: expected a seat such as s1, got "2"`},
		{head + "1 s1\n", "move-empty", "move 1: no move after the seat"},
		{head + "1 s1 " + strings.Repeat("t", 501) + "\n", "move-long", `move 1: "` + strings.Repeat("t", 40) + `…" is longer than 500 bytes`},
		{head + "Players: a, b, c\n", "players-seats", "3 players named for 2 seats"},
		{head + "Players: \"a, b\n", "players-quoted", `players: unterminated or invalid quoted name "a, b`},
		{head + "Players: a\"b, c\n", "players-quote", `players: name "a\"b": a name with a quote must be quoted`},
		{head + "Players: \"a\" b, c\n", "players-comma", `players: expected a comma after "a"`},
		{head + "Players: a, " + strings.Repeat("n", 65) + "\n", "player-long", `player 2's name "` + strings.Repeat("n", 40) + `…" is longer than 64 characters`},
		{head + "Rules: 1\n", "header-twice", "duplicate Rules header"},
		{head + "Option: k=" + strings.Repeat("v", 4097) + "\n", "header-long", "Option header longer than 4096 bytes"},
		{head + "1 s1 take \xff\n", "not-utf8", "not UTF-8 text"},
	} {
		_, err := engine.ParseRecord(strings.NewReader(c.text))
		var re *engine.RecordError
		if !errors.As(err, &re) {
			t.Errorf("%q: %v, want a RecordError", c.text, err)
			continue
		}
		if re.Key != c.key || re.Msg != c.en {
			t.Errorf("%s: key %q, English\n got %q\nwant %q", c.key, re.Key, re.Msg, c.en)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			got, err := engine.Catalog().Localize(l, re.MsgID(), re.Data)
			if err != nil {
				t.Errorf("%s %s: %v", c.key, l, err)
				continue
			}
			if got == re.Msg || len(engine.Catalog().EnglishIn(l, got)) > 0 {
				t.Errorf("%s %s reads English: %q", c.key, l, got)
			}
			if txt := re.Data["text"]; txt != "" && !strings.Contains(got, txt) {
				t.Errorf("%s %s: %q lacks the excerpt %q", c.key, l, got, txt)
			}
		}
	}
}
