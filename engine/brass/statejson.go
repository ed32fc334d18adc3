package brass

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"
)

// The snapshot of a state is JSON written and read by hand: the host
// encodes and decodes a state around every move, and reflection-based
// encoding/json spent most of a playout's time there. The format is
// ordinary JSON with the keys of the state's struct tags in their declaration
// order, so any JSON tool can read and edit it; the reader takes the keys
// in any order, ignores unknown ones, and accepts the version-1 arrays.
//
// Version history: 1 had the cards, link owners and distant-market tiles as
// JSON arrays of numbers; 2 writes them as strings (see codec.go).

// appendJSON writes st as JSON; the same state always gives the same bytes.
func (st *state) appendJSON(b []byte) []byte {
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, int64(st.V), 10)
	b = appendInt(b, "n", st.N)
	if st.LinkAll {
		b = append(b, `,"linkAll":true`...)
	}
	if st.TieCash {
		b = append(b, `,"tieCash":true`...)
	}
	b = appendInt(b, "period", int(st.Period))
	b = appendInt(b, "round", st.Round)
	b = appendInts(append(b, `,"order":`...), st.Order)
	b = appendInt(b, "turn", st.Turn)
	b = appendInt(b, "actions", st.Actions)
	b = appendInt(b, "mode", int(st.Mode))
	b = appendInt(b, "debtor", st.Debtor)
	if st.Owed != 0 {
		b = appendInt(b, "owed", st.Owed)
	}
	b = appendCards(append(b, `,"deck":`...), st.Deck)
	b = appendCards(append(b, `,"removed":`...), st.Removed)
	b = append(b, `,"hands":`...)
	if st.Hands == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, h := range st.Hands {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCards(b, h)
		}
		b = append(b, ']')
	}
	b = appendCards(append(b, `,"discards":`...), st.Discards)
	b = appendSpaces(append(b, `,"spaces":`...), st.Spaces)
	b = appendOwners(append(b, `,"links":`...), st.Links)
	b = appendInt(b, "coal", st.Coal)
	b = appendInt(b, "iron", st.Iron)
	b = appendInt(b, "cotton", st.Cotton)
	b = appendSteps(append(b, `,"tiles":`...), st.Tiles)
	b = appendInt(b, "lastTile", st.LastTile)
	if st.Drawn != 0 {
		b = appendInt(b, "drawn", st.Drawn)
	}
	b = append(b, `,"players":`...)
	if st.Players == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range st.Players {
			if i > 0 {
				b = append(b, ',')
			}
			p := &st.Players[i]
			b = append(b, `{"money":`...)
			b = strconv.AppendInt(b, int64(p.Money), 10)
			b = appendInt(b, "space", p.Space)
			b = appendInt(b, "vp", p.VP)
			b = appendInt(b, "spent", p.Spent)
			b = appendInt(b, "linksLeft", p.LinksLeft)
			b = appendInts(append(b, `,"next":`...), p.Next[:])
			b = appendInts(append(b, `,"vpBy":`...), p.VPBy[:])
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendInt(b, "bank", st.Bank)
	b = appendInt(b, "moves", st.Moves)
	if len(st.Ranking) > 0 {
		b = appendInts(append(b, `,"ranking":`...), st.Ranking)
	}
	if st.TieBreak != "" {
		b = appendString(append(b, `,"tieBreak":`...), st.TieBreak)
	}
	if st.TieBy != "" {
		b = appendString(append(b, `,"tieBy":`...), st.TieBy)
	}
	if len(st.RailDeckPin) > 0 {
		b = appendCards(append(b, `,"railDeckPin":`...), st.RailDeckPin)
	}
	if len(st.RailTilesPin) > 0 {
		b = appendSteps(append(b, `,"railTilesPin":`...), st.RailTilesPin)
	}
	if st.RecentTurn != 0 {
		b = appendInt(b, "recentTurn", st.RecentTurn)
		if len(st.RecentSpaces) > 0 {
			b = appendInts(append(b, `,"recentSpaces":`...), st.RecentSpaces)
		}
		if len(st.RecentLinks) > 0 {
			b = appendInts(append(b, `,"recentLinks":`...), st.RecentLinks)
		}
	}
	b = append(b, `,"rng":{"s":`...)
	b = strconv.AppendUint(b, st.RNG.State, 10)
	b = append(b, `,"i":`...)
	b = strconv.AppendUint(b, st.RNG.Inc, 10)
	return append(b, "}}"...)
}

// MarshalJSON encodes st as MarshalState does.
func (st *state) MarshalJSON() ([]byte, error) {
	return st.appendJSON(make([]byte, 0, 2048)), nil
}

// UnmarshalJSON decodes what MarshalJSON writes (any version the reader
// knows), without checking the version or the ranges; UnmarshalState does.
func (st *state) UnmarshalJSON(data []byte) error {
	r := jsonReader{b: data}
	r.state(st)
	r.end()
	return r.err
}

func appendInt(b []byte, key string, v int) []byte {
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, int64(v), 10)
}

func appendInts(b []byte, v []int) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, ']')
}

// appendString writes s as a JSON string, by hand when it is plain
// printable ASCII, else through encoding/json.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// jsonReader reads one JSON document; the first error stops it.
type jsonReader struct {
	b   []byte
	i   int
	err error
}

func (r *jsonReader) bad(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("brass: state json at byte %d: %s", r.i, fmt.Sprintf(format, args...))
	}
	r.i = len(r.b)
}

func (r *jsonReader) ws() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// peek returns the next significant byte, 0 at the end.
func (r *jsonReader) peek() byte {
	r.ws()
	if r.i < len(r.b) {
		return r.b[r.i]
	}
	return 0
}

func (r *jsonReader) eat(c byte) bool {
	if r.peek() == c {
		r.i++
		return true
	}
	return false
}

func (r *jsonReader) want(c byte) {
	if !r.eat(c) {
		r.bad("want %q", c)
	}
}

// end checks that nothing but spaces follows the document.
func (r *jsonReader) end() {
	if r.peek() != 0 {
		r.bad("data after the end")
	}
}

// null consumes a null literal if it comes next.
func (r *jsonReader) null() bool {
	if r.peek() == 'n' {
		r.literal("null")
		return true
	}
	return false
}

func (r *jsonReader) literal(word string) {
	r.ws()
	if len(r.b)-r.i < len(word) || string(r.b[r.i:r.i+len(word)]) != word {
		r.bad("want %s", word)
		return
	}
	r.i += len(word)
}

// open consumes the opening bracket of an object ('{') or array ('[') and
// reports whether an element follows (false for an empty one).
func (r *jsonReader) open(c byte) bool {
	r.want(c)
	if r.err != nil {
		return false
	}
	closer := byte(']')
	if c == '{' {
		closer = '}'
	}
	return !r.eat(closer)
}

// more is called after each element: it reports whether another follows,
// consuming the comma, or else the closing bracket.
func (r *jsonReader) more(closer byte) bool {
	if r.err != nil {
		return false
	}
	if r.eat(',') {
		return true
	}
	r.want(closer)
	return false
}

// key reads an object key and its colon. The bytes are valid until the
// next read; a key with escapes is decoded into a fresh slice.
func (r *jsonReader) key() []byte {
	raw, esc := r.strRaw()
	r.want(':')
	if r.err != nil {
		return nil
	}
	if !esc {
		return raw[1 : len(raw)-1]
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		r.bad("%v", err)
	}
	return []byte(s)
}

// strRaw returns the bytes of the next string, quotes included, and
// whether it holds escapes.
func (r *jsonReader) strRaw() ([]byte, bool) {
	if r.peek() != '"' {
		r.bad("want a string")
		return nil, false
	}
	start := r.i
	esc := false
	for j := r.i + 1; j < len(r.b); j++ {
		switch c := r.b[j]; {
		case c == '\\':
			esc = true
			j++
		case c == '"':
			r.i = j + 1
			return r.b[start:r.i], esc
		case c < 0x20:
			r.bad("control character in a string")
			return nil, false
		}
	}
	r.bad("unterminated string")
	return nil, false
}

func (r *jsonReader) str() string {
	raw, esc := r.strRaw()
	if r.err != nil {
		return ""
	}
	// The fast path only for valid UTF-8: encoding/json turns invalid
	// bytes into U+FFFD, so a string decodes as the standard decoder
	// would and re-encodes to the same bytes.
	if !esc && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		r.bad("%v", err)
	}
	return s
}

// number returns the bytes of the next number.
func (r *jsonReader) number() []byte {
	r.ws()
	start := r.i
	for r.i < len(r.b) {
		c := r.b[r.i]
		if (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
			r.i++
			continue
		}
		break
	}
	if r.i == start {
		r.bad("want a number")
	}
	return r.b[start:r.i]
}

// int reads an integer; null leaves the zero value, as encoding/json does.
func (r *jsonReader) int() int {
	if r.null() {
		return 0
	}
	num := r.number()
	if r.err != nil {
		return 0
	}
	n, err := strconv.ParseInt(string(num), 10, 64)
	if err != nil || n < math.MinInt32 || n > math.MaxInt32 {
		r.bad("want a small integer, have %s", num)
	}
	return int(n)
}

func (r *jsonReader) uint64() uint64 {
	if r.null() {
		return 0
	}
	num := r.number()
	if r.err != nil {
		return 0
	}
	n, err := strconv.ParseUint(string(num), 10, 64)
	if err != nil {
		r.bad("want an unsigned integer, have %s", num)
	}
	return n
}

func (r *jsonReader) bool() bool {
	switch r.peek() {
	case 't':
		r.literal("true")
		return true
	case 'f':
		r.literal("false")
	case 'n':
		r.literal("null")
	default:
		r.bad("want true or false")
	}
	return false
}

func (r *jsonReader) ints() []int {
	if r.null() {
		return nil
	}
	out := make([]int, 0, 4)
	for ok := r.open('['); ok; ok = r.more(']') {
		out = append(out, r.int())
	}
	return out
}

// maxDepth bounds the nesting of values the reader skips.
const maxDepth = 64

// skip reads past one value of any kind.
func (r *jsonReader) skip() { r.skipDepth(0) }

func (r *jsonReader) skipDepth(depth int) {
	if depth > maxDepth {
		r.bad("nested too deep")
		return
	}
	switch c := r.peek(); {
	case c == '{':
		for ok := r.open('{'); ok; ok = r.more('}') {
			r.key()
			r.skipDepth(depth + 1)
		}
	case c == '[':
		for ok := r.open('['); ok; ok = r.more(']') {
			r.skipDepth(depth + 1)
		}
	case c == '"':
		r.strRaw()
	case c == 't':
		r.literal("true")
	case c == 'f':
		r.literal("false")
	case c == 'n':
		r.literal("null")
	default:
		if _, err := strconv.ParseFloat(string(r.number()), 64); err != nil {
			r.bad("bad number")
		}
	}
}

// raw returns the bytes of the next value, for the list decoders.
func (r *jsonReader) raw() []byte {
	r.ws()
	start := r.i
	r.skip()
	return r.b[start:r.i]
}

// list decodes the next value with u (one of the codec.go list types).
func (r *jsonReader) list(u json.Unmarshaler) {
	raw := r.raw()
	if r.err != nil {
		return
	}
	if err := u.UnmarshalJSON(raw); err != nil {
		r.bad("%v", err)
	}
}

// state reads a whole state.
func (r *jsonReader) state(st *state) {
	for ok := r.open('{'); ok; ok = r.more('}') {
		switch string(r.key()) {
		case "v":
			st.V = r.int()
		case "n":
			st.N = r.int()
		case "linkAll":
			st.LinkAll = r.bool()
		case "tieCash":
			st.TieCash = r.bool()
		case "period":
			st.Period = period(r.int())
		case "round":
			st.Round = r.int()
		case "order":
			st.Order = r.ints()
		case "turn":
			st.Turn = r.int()
		case "actions":
			st.Actions = r.int()
		case "mode":
			st.Mode = mode(r.int())
		case "debtor":
			st.Debtor = r.int()
		case "owed":
			st.Owed = r.int()
		case "deck":
			r.list(&st.Deck)
		case "removed":
			r.list(&st.Removed)
		case "hands":
			st.Hands = nil
			if r.null() {
				break
			}
			st.Hands = make([]cardList, 0, 4)
			for ok := r.open('['); ok; ok = r.more(']') {
				st.Hands = append(st.Hands, nil)
				r.list(&st.Hands[len(st.Hands)-1])
			}
		case "discards":
			r.list(&st.Discards)
		case "spaces":
			r.list(&st.Spaces)
		case "links":
			r.list(&st.Links)
		case "coal":
			st.Coal = r.int()
		case "iron":
			st.Iron = r.int()
		case "cotton":
			st.Cotton = r.int()
		case "tiles":
			r.list(&st.Tiles)
		case "lastTile":
			st.LastTile = r.int()
		case "drawn":
			st.Drawn = r.int()
		case "players":
			st.Players = nil
			if r.null() {
				break
			}
			st.Players = make([]playerState, 0, 4)
			for ok := r.open('['); ok; ok = r.more(']') {
				st.Players = append(st.Players, playerState{})
				r.player(&st.Players[len(st.Players)-1])
			}
		case "bank":
			st.Bank = r.int()
		case "moves":
			st.Moves = r.int()
		case "ranking":
			st.Ranking = r.ints()
		case "tieBreak":
			if !r.null() {
				st.TieBreak = r.str()
			}
		case "tieBy":
			if !r.null() {
				st.TieBy = r.str()
			}
		case "railDeckPin":
			r.list(&st.RailDeckPin)
		case "railTilesPin":
			r.list(&st.RailTilesPin)
		case "recentTurn":
			st.RecentTurn = r.int()
		case "recentSpaces":
			st.RecentSpaces = r.ints()
		case "recentLinks":
			st.RecentLinks = r.ints()
		case "rng":
			if r.null() {
				break
			}
			for ok := r.open('{'); ok; ok = r.more('}') {
				switch string(r.key()) {
				case "s":
					st.RNG.State = r.uint64()
				case "i":
					st.RNG.Inc = r.uint64()
				default:
					r.skip()
				}
			}
		default:
			r.skip()
		}
	}
}

func (r *jsonReader) player(p *playerState) {
	if r.null() {
		return
	}
	for ok := r.open('{'); ok; ok = r.more('}') {
		switch string(r.key()) {
		case "money":
			p.Money = r.int()
		case "space":
			p.Space = r.int()
		case "vp":
			p.VP = r.int()
		case "spent":
			p.Spent = r.int()
		case "linksLeft":
			p.LinksLeft = r.int()
		case "next":
			if r.null() {
				break
			}
			i := 0
			for ok := r.open('['); ok; ok = r.more(']') {
				if n := r.int(); i < len(p.Next) {
					p.Next[i] = n
				}
				i++
			}
		case "vpBy":
			if r.null() {
				break
			}
			i := 0
			for ok := r.open('['); ok; ok = r.more(']') {
				if n := r.int(); i < len(p.VPBy) {
					p.VPBy[i] = n
				}
				i++
			}
		default:
			r.skip()
		}
	}
}
