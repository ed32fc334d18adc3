package discord

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// Custom IDs are small path patterns: "<action>/<match>[/<version>][/<arg>][/<partial move>]".
// The version makes a button from an old board stale; the partial move is
// the picker's state. A partial move that would push the ID past Discord's
// 100 characters is written as "~" and read back from the picker message,
// which always shows the move so far as its first code span.
//
//	lobby/<match>/join|leave|start     lobby buttons
//	turn/<match>/<version>             "Take your turn": opens the picker
//	hand/<match>                       "My hand"
//	pick/<match>/<version>/<n>/<move>  the n-th select of a picker step
//	back/<match>/<version>/<move>      drop the last token
//	ok/<match>/<version>/<move>        confirm and play the move
//	page/<match>/<version>/<n>/<move>  the next group of choices
//	vote/<match>/<seat>/<choice>       a ballot in a deadline vote (clock.go)
//	claim/<match>/<seat>               take an open seat
//	undo/<match>/<seq>                 take back the move logged at seq ("Undo")
//	uvote/<match>/<seq>/yes|no         answer a request to take back that move
//	imp/<match>/yes|no                 confirm or decline an imported record
//	finish/<match>                     let the computers finish a match about to be abandoned
//	(lobby/<match>/cpu-<level>|cpu-remove add or remove a computer player)
const maxCustomID = 100

// longMove marks a partial move too long for the custom ID.
const longMove = "~"

type customID struct {
	Action  string
	Match   string
	Version int64
	N       int    // select index or page offset
	Arg     string // lobby verb
	Move    string // partial move, possibly longMove
}

// errBadCustomID is a custom ID this version cannot read (a button from an
// older version, or a forged one).
// Its detail is worded when explained (a package variable words nothing).
var errBadCustomID error = &bot.Error{Kind: bot.KindInvalid, DetailMsg: lang.M("discord.detail.bad-button")}

func (c customID) String() string {
	var s string
	switch c.Action {
	case "lobby", "imp":
		s = c.Action + "/" + c.Match + "/" + c.Arg
	case "hand", "finish":
		s = c.Action + "/" + c.Match
	case "vote":
		s = fmt.Sprintf("vote/%s/%d/%s", c.Match, c.N, c.Arg)
	case "claim":
		s = fmt.Sprintf("claim/%s/%d", c.Match, c.N)
	case "turn", "undo":
		s = fmt.Sprintf("%s/%s/%d", c.Action, c.Match, c.Version)
	case "uvote":
		s = fmt.Sprintf("uvote/%s/%d/%s", c.Match, c.Version, c.Arg)
	case "pick", "page":
		s = fmt.Sprintf("%s/%s/%d/%d/%s", c.Action, c.Match, c.Version, c.N, c.Move)
	default: // back, ok
		s = fmt.Sprintf("%s/%s/%d/%s", c.Action, c.Match, c.Version, c.Move)
	}
	if len(s) > maxCustomID {
		c.Move = longMove
		return c.String()
	}
	return s
}

func parseCustomID(s string) (customID, error) {
	p := strings.SplitN(s, "/", 5)
	bad := fmt.Errorf("%w %q", errBadCustomID, s)
	if len(p) < 2 || p[1] == "" {
		return customID{}, bad
	}
	c := customID{Action: p[0], Match: p[1]}
	version := func(i int) error {
		if len(p) <= i {
			return bad
		}
		v, err := strconv.ParseInt(p[i], 10, 64)
		if err != nil || v < 0 {
			return bad
		}
		c.Version = v
		return nil
	}
	switch c.Action {
	case "lobby":
		if len(p) != 3 {
			return customID{}, bad
		}
		c.Arg = p[2]
	case "imp":
		if len(p) != 3 || (p[2] != "yes" && p[2] != "no") {
			return customID{}, bad
		}
		c.Arg = p[2]
	case "hand", "finish":
		if len(p) != 2 {
			return customID{}, bad
		}
	case "vote", "claim":
		want := map[string]int{"vote": 4, "claim": 3}[c.Action]
		if len(p) != want {
			return customID{}, bad
		}
		n, err := strconv.Atoi(p[2])
		if err != nil || n < 0 || n > 99 {
			return customID{}, bad
		}
		c.N = n
		if c.Action == "vote" {
			c.Arg = p[3]
		}
	case "turn", "undo":
		if len(p) != 3 || version(2) != nil {
			return customID{}, bad
		}
	case "uvote":
		if len(p) != 4 || version(2) != nil || (p[3] != "yes" && p[3] != "no") {
			return customID{}, bad
		}
		c.Arg = p[3]
	case "pick", "page":
		if len(p) != 5 || version(2) != nil {
			return customID{}, bad
		}
		n, err := strconv.Atoi(p[3])
		if err != nil || n < 0 {
			return customID{}, bad
		}
		c.N, c.Move = n, p[4]
	case "back", "ok":
		p = strings.SplitN(s, "/", 4)
		if len(p) != 4 || version(2) != nil {
			return customID{}, bad
		}
		c.Move = p[3]
	default:
		return customID{}, bad
	}
	return c, nil
}
