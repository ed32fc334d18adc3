package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/smokestack/smokestack/engine/lang"
)

// ErrBadRecord is wrapped by every error about the text of a match record
// (see RecordError); match it with errors.Is.
var ErrBadRecord = errors.New("engine: bad match record")

// RecordError is a syntax or header error in a match record, with the
// 1-based line it was found on (0 when it concerns the record as a whole).
type RecordError struct {
	Line int
	Msg  string // in English, for logs and English readers
	// Key names the error by reference: message "record."+Key of the
	// engine's catalog (Catalog(), MsgID) words it in any language with
	// Data. Data's key "text" is an excerpt of the record (the English Msg
	// quotes it as Go's %q does; a host shows user input its own way),
	// "quoted" an excerpt with its own quotes; the other values are
	// numbers, header names and lists of them. Empty Key: a record this
	// program built (Validate), Msg only.
	Key  string
	Data map[string]string
}

// MsgID is the error's message in the engine's catalog.
func (e *RecordError) MsgID() string { return "record." + e.Key }

func (e *RecordError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("engine: record line %d: %s", e.Line, e.Msg)
	}
	return "engine: record: " + e.Msg
}

// Is makes errors.Is(err, ErrBadRecord) true for every RecordError.
func (e *RecordError) Is(target error) bool { return target == ErrBadRecord }

// recordErr is the RecordError of message "record."+key with data kv, its
// English Msg worded from the catalog.
func recordErr(line int, key string, kv ...string) *RecordError {
	m := lang.M("record."+key, kv...)
	en := m.Data
	if t, ok := m.Data["text"]; ok {
		en = maps.Clone(m.Data)
		q := strconv.Quote(t)
		en["text"] = q[1 : len(q)-1]
	}
	return &RecordError{Line: line, Key: key, Data: m.Data, Msg: catalog.Text(lang.English, m.ID, en)}
}

// invalidRecord is an error of a record this program built (Validate):
// a defect of the program, for its logs, never a reader's.
func invalidRecord(format string, args ...any) error {
	return &RecordError{Msg: fmt.Sprintf(format, args...)}
}

// Record is a match as a portable text file, like PGN for chess: a header
// naming the game, its rules version, the seed, the seat count, options and
// pinned random outcomes, then one move per line in the game's notation.
// docs/record-format.md describes the text form.
type Record struct {
	Game    string
	Rules   int
	Seed    uint64
	Seats   int
	Players []string          // display names in seat order; empty or one per seat
	Options map[string]string // match options, as given to Setup
	Pins    map[string]string // pinned random outcomes, as given to Setup
	Result  string            // outcome of a finished game (see ResultText); checked by Replay
	Moves   []RecordMove
}

// RecordMove is one move of a record, or an undo.
type RecordMove struct {
	Seat int    // 0-based; for an undo, the seat whose move is taken back
	Text string // the move in the game's notation; UndoText for an undo
	// Note is written after the move as a comment ("# default move: ...");
	// parsing drops comments, so it does not come back.
	Note string
	Line int // 1-based source line when parsed, 0 otherwise
	// Undo, when not zero, makes the entry an undo: it takes back the
	// move numbered Undo (1-based, an earlier entry), which must be the
	// latest move not yet taken back. The position returns to the one
	// before that move, its random outcomes included.
	Undo int
}

// UndoText is the Text of an undo entry.
const UndoText = "undo"

// IsUndo reports whether the entry takes a move back.
func (m RecordMove) IsUndo() bool { return m.Undo != 0 }

// recordMagic is the comment that opens every formatted record.
const recordMagic = "# Smokestack match record"

// MaxRecordSize bounds the text ParseRecord reads.
const MaxRecordSize = 16 << 20

// Limits of the free-text fields of a record, so an imported record cannot
// carry a name or a move that every later store write or message repeats.
const (
	MaxPlayerName  = 64   // characters of one player's name
	MaxMoveText    = 500  // bytes of one move's notation
	MaxHeaderValue = 4096 // bytes of any other header value (a pinned deck order is the longest)
	maxGameID      = 40
)

// maxRecordSeats bounds the Seats header so a garbled record cannot make
// anything allocate per seat without limit.
const maxRecordSeats = 100

// Setup returns the record's setup for Game.Setup.
func (r Record) Setup() Setup {
	return Setup{Seats: r.Seats, Seed: r.Seed, Options: r.Options, Pins: r.Pins, RulesVersion: r.Rules}
}

// Append adds a move by seat (0-based) in notation text.
func (r *Record) Append(seat int, text string) {
	r.Moves = append(r.Moves, RecordMove{Seat: seat, Text: text})
}

// AppendUndo adds an undo of move number n (1-based), whose seat it
// records.
func (r *Record) AppendUndo(n int) {
	seat := 0
	if n >= 1 && n <= len(r.Moves) {
		seat = r.Moves[n-1].Seat
	}
	r.Moves = append(r.Moves, RecordMove{Seat: seat, Text: UndoText, Undo: n})
}

// ParseRecord reads a match record. Errors are *RecordError values naming
// the line.
func ParseRecord(rd io.Reader) (Record, error) {
	data, err := io.ReadAll(io.LimitReader(rd, MaxRecordSize+1))
	if err != nil {
		return Record{}, fmt.Errorf("engine: read record: %w", err)
	}
	if len(data) > MaxRecordSize {
		return Record{}, recordErr(0, "too-long", "max", strconv.Itoa(MaxRecordSize))
	}
	// A file saved by a Windows editor may start with a byte-order mark and
	// end its lines with CR LF; both read the same as without.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !utf8.Valid(data) {
		return Record{}, recordErr(0, "not-utf8")
	}
	var (
		r    Record
		seen = map[string]bool{}
	)
	for i, raw := range strings.Split(string(data), "\n") {
		n := i + 1
		line := strings.TrimSpace(raw)
		if line == "" || line[0] == '#' {
			continue
		}
		if c := line[0]; c >= '0' && c <= '9' {
			// A move line may end in a comment; a header keeps every '#'
			// past its colon, so names such as "Bob #2" survive.
			if i := commentIndex(line); i >= 0 {
				line = strings.TrimSpace(line[:i])
			}
			if err := r.parseMove(n, line, seen); err != nil {
				return Record{}, err
			}
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok || !isHeaderKey(key) {
			return Record{}, recordErr(n, "line", "text", clip(line))
		}
		if len(r.Moves) > 0 {
			return Record{}, recordErr(n, "header-late", "text", clip(key))
		}
		if err := r.parseHeader(n, key, strings.TrimSpace(val), seen); err != nil {
			return Record{}, err
		}
	}
	if err := r.checkRequired(0, seen); err != nil {
		return Record{}, err
	}
	if len(r.Players) > 0 && len(r.Players) != r.Seats {
		return Record{}, recordErr(0, "players-seats", "players", strconv.Itoa(len(r.Players)), "seats", strconv.Itoa(r.Seats))
	}
	return r, nil
}

// commentIndex is the index of the first '#' that starts a comment in a
// move line, or -1.
func commentIndex(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] != '#' {
			continue
		}
		if prev, _ := utf8.DecodeLastRuneInString(s[:i]); i == 0 || unicode.IsSpace(prev) {
			return i
		}
	}
	return -1
}

func isHeaderKey(k string) bool {
	if k == "" {
		return false
	}
	for i, c := range k {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c == '-') {
			return false
		}
	}
	return true
}

// clip shortens text quoted in an error to its first 40 characters, so an
// error never echoes more than an excerpt of what it refuses.
func clip(s string) string { return Clip(s, 40) }

// Clip cuts s to at most n characters (runes), marking a cut with "…".
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i, k := 0, 0
	for i = range s {
		if k == n {
			break
		}
		k++
	}
	return s[:i] + "…"
}

// The header keys, canonical spelling; matched case-insensitively.
var recordHeaders = []string{"Game", "Rules", "Seed", "Seats", "Players", "Option", "Pin", "Result"}

func (r *Record) parseHeader(n int, key, val string, seen map[string]bool) error {
	canon := ""
	for _, h := range recordHeaders {
		if strings.EqualFold(h, key) {
			canon = h
		}
	}
	if canon == "" {
		return recordErr(n, "header-unknown", "text", clip(key), "known", strings.Join(recordHeaders, ", "))
	}
	if canon != "Option" && canon != "Pin" {
		if seen[canon] {
			return recordErr(n, "header-twice", "header", canon)
		}
		seen[canon] = true
	}
	if val == "" {
		return recordErr(n, "header-empty", "header", canon)
	}
	if len(val) > MaxHeaderValue {
		return recordErr(n, "header-long", "header", canon, "max", strconv.Itoa(MaxHeaderValue))
	}
	switch canon {
	case "Game":
		if strings.ContainsFunc(val, unicode.IsSpace) || len(val) > maxGameID {
			return recordErr(n, "game-id", "text", clip(val), "max", strconv.Itoa(maxGameID))
		}
		r.Game = val
	case "Rules":
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			return recordErr(n, "rules", "text", clip(val))
		}
		r.Rules = v
	case "Seed":
		v, err := strconv.ParseUint(val, 10, 64)
		if err != nil {
			return recordErr(n, "seed", "text", clip(val), "max", strconv.FormatUint(1<<64-1, 10))
		}
		r.Seed = v
	case "Seats":
		v, err := strconv.Atoi(val)
		if err != nil || v < 1 || v > maxRecordSeats {
			return recordErr(n, "seats", "text", clip(val), "max", strconv.Itoa(maxRecordSeats))
		}
		r.Seats = v
	case "Players":
		names, err := parsePlayers(n, val)
		if err != nil {
			return err
		}
		if len(names) > maxRecordSeats {
			return recordErr(n, "players-many", "max", strconv.Itoa(maxRecordSeats))
		}
		for i, name := range names {
			if utf8.RuneCountInString(name) > MaxPlayerName {
				return recordErr(n, "player-long", "n", strconv.Itoa(i+1), "text", clip(name), "max", strconv.Itoa(MaxPlayerName))
			}
		}
		r.Players = names
	case "Option", "Pin":
		k, v, ok := strings.Cut(val, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || strings.ContainsFunc(k, unicode.IsSpace) {
			return recordErr(n, strings.ToLower(canon)+"-form", "text", clip(val))
		}
		m := &r.Options
		if canon == "Pin" {
			m = &r.Pins
		}
		if _, dup := (*m)[k]; dup {
			return recordErr(n, strings.ToLower(canon)+"-twice", "text", clip(k))
		}
		if *m == nil {
			*m = map[string]string{}
		}
		(*m)[k] = v
	case "Result":
		r.Result = val
	}
	return nil
}

func (r *Record) checkRequired(n int, seen map[string]bool) error {
	var missing []string
	for _, h := range []string{"Game", "Rules", "Seed", "Seats"} {
		if !seen[h] {
			missing = append(missing, h)
		}
	}
	if len(missing) > 0 {
		return recordErr(n, "header-missing", "headers", strings.Join(missing, ", "))
	}
	return nil
}

func (r *Record) parseMove(n int, line string, seen map[string]bool) error {
	if len(r.Moves) == 0 {
		if err := r.checkRequired(n, seen); err != nil {
			return err
		}
	}
	num, rest := cutWord(line)
	k, err := strconv.Atoi(num)
	if err != nil || k != len(r.Moves)+1 {
		return recordErr(n, "move-number", "text", clip(num), "n", strconv.Itoa(len(r.Moves)+1))
	}
	seatTok, text := cutWord(rest)
	if strings.EqualFold(seatTok, UndoText) {
		u, err := strconv.Atoi(text)
		if err != nil || u < 1 || u > len(r.Moves) || r.Moves[u-1].IsUndo() {
			return recordErr(n, "move-undo", "n", strconv.Itoa(k), "text", clip(text))
		}
		r.Moves = append(r.Moves, RecordMove{Seat: r.Moves[u-1].Seat, Text: UndoText, Line: n, Undo: u})
		return nil
	}
	if len(seatTok) < 2 || (seatTok[0] != 's' && seatTok[0] != 'S') {
		return recordErr(n, "move-seat", "n", strconv.Itoa(k), "text", clip(seatTok))
	}
	seat, err := strconv.Atoi(seatTok[1:])
	if err != nil || seat < 1 || seat > r.Seats {
		return recordErr(n, "move-seat-range", "n", strconv.Itoa(k), "text", clip(seatTok), "seats", strconv.Itoa(r.Seats))
	}
	if text == "" {
		return recordErr(n, "move-empty", "n", strconv.Itoa(k))
	}
	if len(text) > MaxMoveText {
		return recordErr(n, "move-long", "n", strconv.Itoa(k), "text", clip(text), "max", strconv.Itoa(MaxMoveText))
	}
	r.Moves = append(r.Moves, RecordMove{Seat: seat - 1, Text: text, Line: n})
	return nil
}

// cutWord splits s at its first space into a word and the trimmed rest.
func cutWord(s string) (word, rest string) {
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i], strings.TrimSpace(s[i:])
	}
	return s, ""
}

// parsePlayers splits a comma-separated list of names; a name may be a
// Go-quoted string, which is how Format writes names that hold a comma, a
// quote, surrounding spaces or nothing at all.
func parsePlayers(n int, s string) ([]string, error) {
	var out []string
	for {
		s = strings.TrimSpace(s)
		var name string
		if strings.HasPrefix(s, `"`) {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, recordErr(n, "players-quoted", "quoted", clip(s))
			}
			name, _ = strconv.Unquote(q)
			s = strings.TrimSpace(s[len(q):])
			if s != "" && s[0] != ',' {
				return nil, recordErr(n, "players-comma", "quoted", clip(q))
			}
		} else {
			i := strings.IndexByte(s, ',')
			if i < 0 {
				i = len(s)
			}
			name = strings.TrimSpace(s[:i])
			if strings.Contains(name, `"`) {
				return nil, recordErr(n, "players-quote", "text", clip(name))
			}
			s = s[i:]
		}
		out = append(out, name)
		if s == "" {
			return out, nil
		}
		s = s[1:] // the comma
	}
}

func formatPlayer(name string) string {
	bare := name != "" && name == strings.TrimSpace(name) && utf8.ValidString(name) &&
		!strings.ContainsAny(name, `,"`) && !strings.ContainsFunc(name, unicode.IsControl)
	if bare {
		return name
	}
	return strconv.Quote(name)
}

// Validate reports whether the record can be written by Format and read
// back unchanged: required fields set, seats in range, names, options,
// pins and moves representable on one line each.
func (r Record) Validate() error {
	bad := invalidRecord
	if r.Game == "" || strings.ContainsFunc(r.Game, unicode.IsSpace) {
		return bad("game id %q is empty or contains a space", r.Game)
	}
	if r.Rules < 0 {
		return bad("negative rules version %d", r.Rules)
	}
	if r.Seats < 1 || r.Seats > maxRecordSeats {
		return bad("seats %d not from 1 to %d", r.Seats, maxRecordSeats)
	}
	if len(r.Players) > 0 && len(r.Players) != r.Seats {
		return bad("%d players named for %d seats", len(r.Players), r.Seats)
	}
	for _, kv := range []struct {
		what string
		m    map[string]string
	}{{"option", r.Options}, {"pin", r.Pins}} {
		for k, v := range kv.m {
			if k == "" || strings.ContainsFunc(k, unicode.IsSpace) || strings.Contains(k, "=") {
				return bad("%s key %q is empty or holds a space or '='", kv.what, k)
			}
			if !oneLine(v) {
				return bad("%s %s value %q has surrounding spaces or a newline", kv.what, k, v)
			}
		}
	}
	if r.Result != "" && !oneLine(r.Result) {
		return bad("result %q has surrounding spaces or a newline", r.Result)
	}
	for i, m := range r.Moves {
		if m.IsUndo() {
			if m.Undo < 1 || m.Undo > i || r.Moves[m.Undo-1].IsUndo() {
				return bad("move %d: undo of %d, which is not an earlier move", i+1, m.Undo)
			}
			continue
		}
		if m.Seat < 0 || m.Seat >= r.Seats {
			return bad("move %d: seat index %d not below %d", i+1, m.Seat, r.Seats)
		}
		if m.Text == "" || !oneLine(m.Text) || commentIndex(m.Text) >= 0 {
			return bad("move %d: text %q is empty, spans lines, has surrounding spaces or a comment", i+1, m.Text)
		}
	}
	return nil
}

func oneLine(s string) bool {
	return s == strings.TrimSpace(s) && !strings.Contains(s, "\n")
}

// Format writes the record in canonical form: the fixed first comment, the
// headers in a fixed order (options and pins sorted by key), a blank line
// and the moves numbered from 1 with 1-based seats. The same record always
// gives the same bytes. A record that fails Validate may not read back.
func (r Record) Format() []byte {
	var b bytes.Buffer
	b.WriteString(recordMagic + "\n")
	fmt.Fprintf(&b, "Game: %s\nRules: %d\nSeed: %d\nSeats: %d\n", r.Game, r.Rules, r.Seed, r.Seats)
	if len(r.Players) > 0 {
		names := make([]string, len(r.Players))
		for i, p := range r.Players {
			names[i] = formatPlayer(p)
		}
		fmt.Fprintf(&b, "Players: %s\n", strings.Join(names, ", "))
	}
	for _, kv := range []struct {
		key string
		m   map[string]string
	}{{"Option", r.Options}, {"Pin", r.Pins}} {
		for _, k := range slices.Sorted(maps.Keys(kv.m)) {
			fmt.Fprintf(&b, "%s: %s=%s\n", kv.key, k, kv.m[k])
		}
	}
	if r.Result != "" {
		fmt.Fprintf(&b, "Result: %s\n", r.Result)
	}
	if len(r.Moves) > 0 {
		b.WriteByte('\n')
	}
	for i, m := range r.Moves {
		if m.IsUndo() {
			fmt.Fprintf(&b, "%d %s %d\n", i+1, UndoText, m.Undo)
			continue
		}
		if note := strings.Join(strings.Fields(m.Note), " "); note != "" {
			fmt.Fprintf(&b, "%d s%d %s # %s\n", i+1, m.Seat+1, m.Text, note)
			continue
		}
		fmt.Fprintf(&b, "%d s%d %s\n", i+1, m.Seat+1, m.Text)
	}
	return b.Bytes()
}

// ResultText is the canonical Result header of a finished game: the
// ranking and scores by 1-based seat, and the tie-break when one was needed,
// e.g. "ranking 2 1 3; scores 131 128 96; tie-break money". It is empty while
// the game runs.
func ResultText(s Status) string {
	if !s.Finished {
		return ""
	}
	var b strings.Builder
	b.WriteString("ranking")
	for _, seat := range s.Ranking {
		fmt.Fprintf(&b, " %d", seat+1)
	}
	b.WriteString("; scores")
	for _, st := range s.Seats {
		fmt.Fprintf(&b, " %d", st.Score)
	}
	if tb := strings.Join(strings.Fields(s.TieBreak), " "); tb != "" {
		b.WriteString("; tie-break " + tb)
	}
	return b.String()
}
