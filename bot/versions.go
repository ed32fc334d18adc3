package bot

import (
	"fmt"

	"github.com/smokestack/smokestack/engine"
)

// RulesVersionError refuses one match whose stored rules version is
// outside the range its game plays (engine.Info.SupportsRules): too old
// for this build, or written by a newer one. Only that match is refused;
// it can still be aborted (or resigned), which needs no rules.
type RulesVersionError struct {
	Match string // match ID
	Game  string // game ID
	Name  string // the game's display name (English; for logs)
	// Info is the game's, when this build has it: a reader reads the
	// game's name in their language (Info.Catalog's game.name).
	Info    *engine.Info
	Version int // the match's rules version
	// Oldest and Current are the versions this build plays.
	Oldest, Current int
	// UnknownGame is set when this build does not have the match's game
	// at all: a game added by a newer build, met by an older replica
	// during a rolling upgrade. Name is then the game's ID.
	UnknownGame bool
}

func (e *RulesVersionError) Error() string {
	if e.UnknownGame {
		return fmt.Sprintf("service: match %s is a game of %q, which this build does not have", e.Match, e.Game)
	}
	plays := fmt.Sprintf("versions %d to %d", e.Oldest, e.Current)
	if e.Oldest == e.Current {
		plays = fmt.Sprintf("version %d", e.Current)
	}
	newer := "a newer build"
	if e.Version < e.Oldest {
		newer = "an older build"
	}
	return fmt.Sprintf("service: match %s was played under %s rules version %d, from %s; this build plays %s",
		e.Match, e.Name, e.Version, newer, plays)
}

// Is makes errors.Is(err, ErrRulesVersion) true (the vocabulary's
// KindRulesVersion; Explain words it from the fields).
func (e *RulesVersionError) Is(target error) bool { return target == ErrRulesVersion }

// Newer reports whether the match comes from a newer build (its version is
// above the current one) rather than an older one.
func (e *RulesVersionError) Newer() bool { return e.UnknownGame || e.Version > e.Current }

// checkRules refuses a match whose rules version this build does not play.
func (m Match) checkRules() error {
	info := m.game.Info()
	if info.SupportsRules(m.RulesVersion) {
		return nil
	}
	return &RulesVersionError{Match: m.ID, Game: info.ID, Name: info.Name, Info: &info, Version: m.RulesVersion,
		Oldest: info.OldestRulesVersion, Current: info.RulesVersion}
}
