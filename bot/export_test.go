package bot

import "github.com/smokestack/smokestack/engine"

// StateOf is the decoded game state of a match, for tests that need to
// look inside it; nil in the lobby.
func StateOf(m Match) engine.State { return m.state }

// SnapshotOf is the encoded game state of a match as stored, for tests
// and benchmarks that write it themselves; nil in the lobby.
func SnapshotOf(m Match) []byte { return m.snapshot }

// SeatCountError exposes seatCountError (plural forms of the details).
var SeatCountError = seatCountError
