package playout

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/smokestack/smokestack/engine"
)

// CheckMove checks a move that Apply accepts from seat in st against the
// choices, which every front end builds moves from: walked token by token
// from the empty prefix, Choices accepts every prefix and offers the next
// token, and calls the whole move complete. Then it checks every token
// offered on the way with CheckOffered. A nil error means a player can
// click the move through the step-by-step picker.
func CheckMove(g engine.Game, st engine.State, seat int, m engine.Move) error {
	if err := reachable(g, st, seat, m); err != nil {
		return err
	}
	return CheckOffered(g, st, seat, m)
}

// reachable walks m through the choices.
func reachable(g engine.Game, st engine.State, seat int, m engine.Move) error {
	if len(m) == 0 {
		return errors.New("the empty move")
	}
	for k := 0; k <= len(m); k++ {
		ch, err := g.Choices(st, seat, m[:k])
		if err != nil {
			return fmt.Errorf("the prefix %q of a move Apply accepts is refused by Choices: %v", g.FormatMove(m[:k]), err)
		}
		if k == len(m) {
			if !ch.Complete {
				return fmt.Errorf("the move %q is accepted by Apply, but Choices does not call it complete", g.FormatMove(m))
			}
			return nil
		}
		if !offers(ch, m[k]) {
			return fmt.Errorf("after %q Choices does not offer %q, which Apply accepts (offered: %s)",
				g.FormatMove(m[:k]), m[k], tokenList(ch))
		}
	}
	return nil
}

// CheckUnreachable checks a move Apply refuses from seat in st: the choices
// must not lead to it, so somewhere on the way Choices refuses a prefix or
// does not offer the next token, or it does not call the whole move
// complete.
func CheckUnreachable(g engine.Game, st engine.State, seat int, m engine.Move) error {
	for k := 0; k <= len(m); k++ {
		ch, err := g.Choices(st, seat, m[:k])
		if err != nil {
			return nil
		}
		if k == len(m) {
			if ch.Complete {
				return fmt.Errorf("the move %q is refused by Apply, but Choices offers it token by token and calls it complete", g.FormatMove(m))
			}
			return nil
		}
		if !offers(ch, m[k]) {
			return nil
		}
	}
	return nil
}

// CheckOffered checks every token the choices offer along the path of m
// (which Choices accepts prefix by prefix): the prefix it makes must be
// accepted by Choices, Apply must accept it when Choices calls it complete,
// and it must lead on when not (a menu never offers a dead end). Only the
// token chosen is followed further; its siblings are checked one level deep.
// When Apply refuses an offered complete move the error is a
// *RefusedError.
func CheckOffered(g engine.Game, st engine.State, seat int, m engine.Move) error {
	for k := 0; k <= len(m); k++ {
		ch, err := g.Choices(st, seat, m[:k])
		if err != nil {
			return fmt.Errorf("the prefix %q is refused by Choices: %v", g.FormatMove(m[:k]), err)
		}
		if err := checkChoiceList(ch); err != nil {
			return fmt.Errorf("after %q: %v", g.FormatMove(m[:k]), err)
		}
		if ch.Complete {
			if _, _, err := g.Apply(st, seat, m[:k]); err != nil {
				return &RefusedError{Move: slices.Clone(m[:k]), Err: err,
					msg: fmt.Sprintf("the prefix %q, which Choices calls complete, is refused by Apply: %v", g.FormatMove(m[:k]), err)}
			}
		}
		for _, c := range ch.Next {
			if k < len(m) && c.Token == m[k] {
				continue // followed by the next round
			}
			p := append(slices.Clone(m[:k]), c.Token)
			next, err := g.Choices(st, seat, p)
			switch {
			case err != nil:
				return fmt.Errorf("after %q Choices offers %q, then refuses %q: %v", g.FormatMove(m[:k]), c.Token, g.FormatMove(p), err)
			case !next.Complete && len(next.Next) == 0:
				return fmt.Errorf("after %q Choices offers %q, a dead end: not complete and nothing may follow", g.FormatMove(m[:k]), c.Token)
			case next.Complete:
				if _, _, err := g.Apply(st, seat, p); err != nil {
					return &RefusedError{Move: p, Err: err,
						msg: fmt.Sprintf("the move %q, which Choices offers as complete, is refused by Apply: %v", g.FormatMove(p), err)}
				}
			}
		}
	}
	return nil
}

// RefusedError is CheckOffered's error when Apply refuses a move the
// choices offer as complete; Move is that move, Err Apply's error.
type RefusedError struct {
	Move engine.Move
	Err  error
	msg  string
}

func (e *RefusedError) Error() string { return e.msg }
func (e *RefusedError) Unwrap() error { return e.Err }

func offers(ch engine.Choices, tok string) bool {
	return slices.ContainsFunc(ch.Next, func(c engine.Choice) bool { return c.Token == tok })
}

func tokenList(ch engine.Choices) string {
	if len(ch.Next) == 0 {
		return "nothing"
	}
	toks := make([]string, len(ch.Next))
	for i, c := range ch.Next {
		toks[i] = c.Token
	}
	if len(toks) > 20 {
		toks = append(toks[:20], fmt.Sprintf("... %d more", len(ch.Next)-20))
	}
	return strings.Join(toks, " ")
}

// NotationRoundTrip checks that m's tokens are single words and that m
// formats to a text that parses back to m and formats the same again.
func NotationRoundTrip(g engine.Game, m engine.Move) error {
	for _, tok := range m {
		if tok == "" || strings.ContainsFunc(tok, unicode.IsSpace) {
			return fmt.Errorf("token %q is empty or holds a space", tok)
		}
	}
	text := g.FormatMove(m)
	back, err := g.ParseMove(text)
	if err != nil {
		return fmt.Errorf("its canonical form %q does not parse: %v", text, err)
	}
	if !slices.Equal(back, m) {
		return fmt.Errorf("its canonical form %q parses to %q", text, []string(back))
	}
	if again := g.FormatMove(back); again != text {
		return fmt.Errorf("formats to %q, then %q", text, again)
	}
	return nil
}

// SameSetup sets the match up again and checks that it gives the same
// encoded state and the same events as the first setup st and evs, as it
// must for a match to be reproduced from its record.
func SameSetup(g engine.Game, s engine.Setup, st engine.State, evs []engine.Event) error {
	st2, evs2, err := g.Setup(s)
	if err != nil {
		return fmt.Errorf("the second setup with the same seed fails: %v", err)
	}
	a, err := g.MarshalState(st)
	if err != nil {
		return fmt.Errorf("MarshalState: %v", err)
	}
	b, err := g.MarshalState(st2)
	if err != nil {
		return fmt.Errorf("MarshalState: %v", err)
	}
	if !bytes.Equal(a, b) {
		return fmt.Errorf("two setups with the same seed differ: %s", FirstDiff(a, b))
	}
	if d := diffEvents(evs, evs2); d != "" {
		return fmt.Errorf("two setups with the same seed narrate differently: %s", d)
	}
	return nil
}
