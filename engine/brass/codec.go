package brass

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// spaceList is the board's spaces. It encodes as one JSON string, one word
// per space in board order: "-" for an empty space, else
// "<seat>.<industry>.<level>.<cubes>.<flipped 0|1>" ("2.coal.3.4.0"). One
// string instead of 43 objects keeps snapshots small and fast to decode.
type spaceList []spaceTile

func (s spaceList) MarshalJSON() ([]byte, error) {
	return appendSpaces(make([]byte, 0, 8*len(s)+2), s), nil
}

func appendSpaces(b []byte, s []spaceTile) []byte {
	b = append(b, '"')
	for i, t := range s {
		if i > 0 {
			b = append(b, ' ')
		}
		if t.Owner < 0 {
			b = append(b, '-')
			continue
		}
		b = strconv.AppendInt(b, int64(t.Owner), 10)
		b = append(b, '.')
		b = append(b, t.Ind.String()...)
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(t.Level), 10)
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(t.Cubes), 10)
		if t.Flipped {
			b = append(b, ".1"...)
		} else {
			b = append(b, ".0"...)
		}
	}
	return append(b, '"')
}

func (s *spaceList) UnmarshalJSON(data []byte) error {
	str, err := jsonText(data)
	if err != nil {
		return err
	}
	out := make(spaceList, 0, len(theBoard().spaces))
	for w := range bytes.FieldsSeq(str) {
		if len(w) == 1 && w[0] == '-' {
			out = append(out, spaceTile{Owner: -1})
			continue
		}
		t, ok := parseTile(w)
		if !ok {
			return fmt.Errorf("brass: space %d: bad tile %q", len(out)+1, w)
		}
		out = append(out, t)
	}
	*s = out
	return nil
}

// parseTile reads "<seat>.<industry>.<level>.<cubes>.<flipped 0|1>".
func parseTile(w []byte) (spaceTile, bool) {
	var f [5][]byte
	for i := range f {
		var ok bool
		f[i], w, ok = bytes.Cut(w, []byte{'.'})
		if ok != (i < 4) {
			return spaceTile{}, false
		}
	}
	ind, okInd := industryBySlug(string(f[1]))
	owner, ok0 := smallUint(f[0])
	level, ok2 := smallUint(f[2])
	cubes, ok3 := smallUint(f[3])
	if !okInd || !ok0 || !ok2 || !ok3 || len(f[4]) != 1 || (f[4][0] != '0' && f[4][0] != '1') {
		return spaceTile{}, false
	}
	return spaceTile{Owner: owner, Ind: ind, Level: level, Cubes: cubes, Flipped: f[4][0] == '1'}, true
}

// smallUint reads a decimal number of one to four digits.
func smallUint(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 4 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// The other long lists of a snapshot also encode as single strings. Each
// decoder still accepts the JSON arrays of state version 1, so snapshots
// stored before the change keep decoding.

// cardList is a list of cards. It encodes as the card slugs separated by
// spaces ("bolton cotton wigan"), "" when empty.
type cardList []int

func (c cardList) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 10*len(c)+2)
	return appendCards(b, c), nil
}

func appendCards(b []byte, c []int) []byte {
	b = append(b, '"')
	for i, k := range c {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, theBoard().cardSlug(k)...)
	}
	return append(b, '"')
}

func (c *cardList) UnmarshalJSON(data []byte) error {
	if legacy, err := legacyInts(data, (*[]int)(c)); legacy {
		return err
	}
	str, err := jsonText(data)
	if err != nil {
		return err
	}
	out := make(cardList, 0, bytes.Count(str, []byte{' '})+1)
	for w := range bytes.FieldsSeq(str) {
		k, ok := theBoard().cardBySlug(string(w))
		if !ok {
			return fmt.Errorf("brass: unknown card %q", w)
		}
		out = append(out, k)
	}
	if len(out) == 0 {
		out = nil
	}
	*c = out
	return nil
}

// ownerList is the owner of every potential link. It encodes as one
// character per link in board order: "-" unbuilt, else the 0-based seat.
type ownerList []int

func (o ownerList) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(o)+2)
	return appendOwners(b, o), nil
}

func appendOwners(b []byte, o []int) []byte {
	b = append(b, '"')
	for _, s := range o {
		if s < 0 {
			b = append(b, '-')
		} else {
			b = append(b, byte('0'+s))
		}
	}
	return append(b, '"')
}

func (o *ownerList) UnmarshalJSON(data []byte) error {
	if legacy, err := legacyInts(data, (*[]int)(o)); legacy {
		return err
	}
	str, err := jsonText(data)
	if err != nil {
		return err
	}
	out := make(ownerList, len(str))
	for i := 0; i < len(str); i++ {
		switch ch := str[i]; {
		case ch == '-':
			out[i] = -1
		case ch >= '0' && ch <= '9':
			out[i] = int(ch - '0')
		default:
			return fmt.Errorf("brass: link %d: bad owner %q", i+1, ch)
		}
	}
	*o = out
	return nil
}

// stepList is a stack of distant market tiles. It encodes as one digit
// per tile, top first ("331202421032").
type stepList []int

func (s stepList) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(s)+2)
	return appendSteps(b, s), nil
}

func appendSteps(b []byte, s []int) []byte {
	b = append(b, '"')
	for _, n := range s {
		b = append(b, byte('0'+n))
	}
	return append(b, '"')
}

func (s *stepList) UnmarshalJSON(data []byte) error {
	if legacy, err := legacyInts(data, (*[]int)(s)); legacy {
		return err
	}
	str, err := jsonText(data)
	if err != nil {
		return err
	}
	var out stepList
	if len(str) > 0 {
		out = make(stepList, 0, len(str))
	}
	for i := 0; i < len(str); i++ {
		if str[i] < '0' || str[i] > '9' {
			return fmt.Errorf("brass: distant tile %d: bad step %q", i+1, str[i])
		}
		out = append(out, int(str[i]-'0'))
	}
	*s = out
	return nil
}

// legacyInts decodes the version-1 form of a list (a JSON array of
// numbers, or null) into dst; it reports false when data is not that form.
func legacyInts(data []byte, dst *[]int) (bool, error) {
	d := bytes.TrimSpace(data)
	if len(d) == 0 || (d[0] != '[' && d[0] != 'n') {
		return false, nil
	}
	var v []int
	if err := json.Unmarshal(d, &v); err != nil {
		return true, err
	}
	*dst = v
	return true, nil
}

// jsonText returns the text of a JSON string: the bytes between the quotes
// when it holds no escapes (no copy), else the decoded text.
func jsonText(data []byte) ([]byte, error) {
	d := bytes.TrimSpace(data)
	if len(d) >= 2 && d[0] == '"' && d[len(d)-1] == '"' && bytes.IndexByte(d[1:len(d)-1], '\\') < 0 && bytes.IndexByte(d[1:len(d)-1], '"') < 0 {
		return d[1 : len(d)-1], nil
	}
	var s string
	if err := json.Unmarshal(d, &s); err != nil {
		return nil, err
	}
	return []byte(s), nil
}
