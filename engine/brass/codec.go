package brass

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// spaceList is the board's spaces. It encodes as one JSON string, one word
// per space in board order: "-" for an empty space, else
// "<seat>.<industry>.<level>.<cubes>.<flipped 0|1>" ("2.coal.3.4.0"). One
// string instead of 43 objects keeps snapshots small and fast to decode.
type spaceList []Tile

func (s spaceList) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 8*len(s)+2)
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
	return append(b, '"'), nil
}

func (s *spaceList) UnmarshalJSON(data []byte) error {
	var str string
	if err := json.Unmarshal(data, &str); err != nil {
		return err
	}
	words := strings.Fields(str)
	out := make(spaceList, len(words))
	for i, w := range words {
		if w == "-" {
			out[i] = Tile{Owner: -1}
			continue
		}
		f := strings.Split(w, ".")
		if len(f) != 5 {
			return fmt.Errorf("brass: space %d: bad tile %q", i+1, w)
		}
		ind, ok := industryBySlug(f[1])
		owner, e1 := strconv.Atoi(f[0])
		level, e2 := strconv.Atoi(f[2])
		cubes, e3 := strconv.Atoi(f[3])
		if !ok || e1 != nil || e2 != nil || e3 != nil || owner < 0 || (f[4] != "0" && f[4] != "1") {
			return fmt.Errorf("brass: space %d: bad tile %q", i+1, w)
		}
		out[i] = Tile{Owner: owner, Ind: ind, Level: level, Cubes: cubes, Flipped: f[4] == "1"}
	}
	*s = out
	return nil
}
