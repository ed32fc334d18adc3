package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/storage"
)

// Kind is one entry of the host's error vocabulary: what went wrong, in
// terms every front end shares. Explain turns an error into its Problem;
// front ends choose only how to present it (a private reply, a message on
// the page, an HTTP status). The values are stable: the web API sends them
// as "kind".
type Kind string

// The vocabulary. Every error a service call returns explains as one of
// these; anything not foreseen is KindInternal.
const (
	KindRule           Kind = "rule"            // the move breaks a rule of the game (with the rule's help topic)
	KindIncomplete     Kind = "incomplete"      // the move stops before it is complete (with the choices that continue it)
	KindNotYourTurn    Kind = "not-your-turn"   // the user may not move now (with whom the match waits for)
	KindNotSeated      Kind = "not-seated"      // the user has no seat in the match
	KindNoMatch        Kind = "no-match"        // no open match in the channel
	KindNotFound       Kind = "not-found"       // no match with that ID
	KindFinished       Kind = "finished"        // the match is over (finished, resigned or aborted)
	KindNotStarted     Kind = "not-started"     // the match is still a lobby (with who can start it)
	KindStale          Kind = "stale"           // a button or view from before the last move
	KindRulesVersion   Kind = "rules-version"   // stored under rules this build does not play
	KindTooLarge       Kind = "too-large"       // input over a size limit
	KindInvalid        Kind = "invalid"         // malformed input (with what was wrong)
	KindBusy           Kind = "busy"            // too many simultaneous writes, or too slow
	KindLobbyFull      Kind = "lobby-full"      // every seat of the lobby is taken
	KindAlreadySeated  Kind = "already-seated"  // joining a match one already plays in
	KindAlreadyStarted Kind = "already-started" // a lobby action on a match being played
	KindLobbyClosed    Kind = "lobby-closed"    // a lobby action on a lobby that was closed (aborted)
	KindChannelTaken   Kind = "channel-taken"   // the channel already has an open match
	KindSeatCount      Kind = "seat-count"      // the number of players does not fit the game
	KindNotAllowed     Kind = "not-allowed"     // only the creator (or a moderator) may
	KindNoHelp         Kind = "no-help"         // the game has no rules help
	KindNoBoard        Kind = "no-board"        // the game has no board picture
	KindDamaged        Kind = "damaged"         // the stored data of the match cannot be read
	KindInternal       Kind = "internal"        // a fault on our side (logged with an error ID)
)

// Kinds lists the whole vocabulary, for tests that check every kind reads
// well in every front end.
var Kinds = []Kind{
	KindRule, KindIncomplete, KindNotYourTurn, KindNotSeated, KindNoMatch, KindNotFound,
	KindFinished, KindNotStarted, KindStale, KindRulesVersion, KindTooLarge, KindInvalid,
	KindBusy, KindLobbyFull, KindAlreadySeated, KindAlreadyStarted, KindLobbyClosed,
	KindChannelTaken, KindSeatCount, KindNotAllowed, KindNoHelp, KindNoBoard, KindDamaged,
	KindInternal,
}

// Error is an error of the vocabulary with the facts its explanation
// needs. The service fills in what it knows where it fails (the players
// to wait for, the creator, the rule's help topic, the choices that
// continue a move); Explain words it. Its Error method is for logs only:
// users see Explain's text.
type Error struct {
	Kind Kind
	// Detail says what exactly was wrong, as a clause for a person
	// ("option \"speed\" is not one of pebbles's options"). User input in
	// it is quoted with %q; Explain shows such quotes cleaned (Echo).
	Detail string
	// DetailMsg is Detail by reference in the host's catalog
	// ("detail.<id>"), so ExplainIn words it in the reader's language;
	// Detail then holds its English. User input in its data is Echoed.
	DetailMsg lang.Msg
	// Who names people: the players the match waits for (KindNotYourTurn),
	// the creator (KindNotStarted, KindNotAllowed).
	Who []string
	// Moderators: a moderator may do it too (KindNotAllowed).
	Moderators bool
	// Rule is the broken rule (KindRule; also an import's illegal move).
	Rule *engine.RuleError
	// Record is a match record's syntax error: its detail's data "msg" is
	// its English Msg, worded by the engine's catalog in other languages.
	Record *engine.RecordError
	// Setup is a game's refusal of a setup (a pin, an option value): its
	// detail's data "why" is its English Msg, worded by the game's catalog
	// (Game) in l.
	Setup *engine.SetupError
	// Topic is the help topic that explains Rule, when the game has it.
	Topic *engine.HelpTopic
	// Move is the move so far and Choices the legal ways to go on
	// (KindIncomplete).
	Move    string
	Choices *engine.Choices
	// Game is the match's game, when the service knows it: ExplainIn words
	// the broken rule, its help topic and the choices in its catalog.
	Game *engine.Info
	// MatchID names the match concerned (KindDamaged).
	MatchID string
	// Err is the cause, for logs and errors.Is; never shown.
	Err error
}

func (e *Error) Error() string {
	s := "bot: " + string(e.Kind)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrX) match every Error of ErrX's kind.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind
}

// Sentinels of the vocabulary, matched with errors.Is (by kind).
var (
	ErrNoMatch        error = &Error{Kind: KindNoMatch}
	ErrNotFound       error = &Error{Kind: KindNotFound}
	ErrNotSeated      error = &Error{Kind: KindNotSeated}
	ErrNotYourTurn    error = &Error{Kind: KindNotYourTurn}
	ErrAlreadySeated  error = &Error{Kind: KindAlreadySeated}
	ErrLobbyFull      error = &Error{Kind: KindLobbyFull}
	ErrAlreadyStarted error = &Error{Kind: KindAlreadyStarted}
	ErrLobbyClosed    error = &Error{Kind: KindLobbyClosed}
	ErrNotStarted     error = &Error{Kind: KindNotStarted}
	ErrFinished       error = &Error{Kind: KindFinished}
	ErrNotAllowed     error = &Error{Kind: KindNotAllowed}
	ErrSeatCount      error = &Error{Kind: KindSeatCount}
	ErrChannelTaken   error = &Error{Kind: KindChannelTaken}
	ErrStale          error = &Error{Kind: KindStale}
	ErrBusy           error = &Error{Kind: KindBusy}
	ErrBadData        error = &Error{Kind: KindDamaged}
	ErrRulesVersion   error = &Error{Kind: KindRulesVersion} // matched by every *RulesVersionError
	ErrBadRequest     error = &Error{Kind: KindInvalid}
	ErrTooLarge       error = &Error{Kind: KindTooLarge}
	ErrNoHelp         error = &Error{Kind: KindNoHelp}
	ErrIncomplete     error = &Error{Kind: KindIncomplete}
	ErrRule           error = &Error{Kind: KindRule}
)

// Invalid is a KindInvalid error: detail says what is wrong with the
// input (quote user input with %q).
func Invalid(format string, args ...any) *Error {
	return &Error{Kind: KindInvalid, Detail: fmt.Sprintf(format, args...)}
}

// TooLarge is a KindTooLarge error: detail names the limit.
func TooLarge(format string, args ...any) *Error {
	return &Error{Kind: KindTooLarge, Detail: fmt.Sprintf(format, args...)}
}

// detailed is an Error whose detail is message "detail."+id of the host's
// catalog with data kv (user input Echoed; the keys of detailData worded
// in the reader's language).
func detailed(kind Kind, id string, kv ...string) *Error {
	m := lang.M("detail."+id, kv...)
	return &Error{Kind: kind, Detail: detailText(lang.English, m, nil), DetailMsg: m}
}

// Refusal is an Error of kind whose detail is message id of the host's
// catalog with data kv, worded like detailed's (user input Echoed; sizes,
// numbers of players ... in the reader's language): a front end's own
// refusals ("discord.detail.*", "detail.*").
func Refusal(kind Kind, id string, kv ...string) *Error {
	m := lang.M(id, kv...)
	return &Error{Kind: kind, Detail: detailText(lang.English, m, nil), DetailMsg: m}
}

// invalid is a KindInvalid error with its detail by reference (detailed).
func invalid(id string, kv ...string) *Error { return detailed(KindInvalid, id, kv...) }

// gameDetailed is detailed with the game's name in the data key "game":
// the English name there, the reader's language's when explained (Game).
func gameDetailed(kind Kind, info engine.Info, id string, kv ...string) *Error {
	e := detailed(kind, id, append(kv, "game", info.Name)...)
	e.Game = &info
	e.Detail = detailText(lang.English, e.DetailMsg, e)
	return e
}

// detailText words a detail by reference in l. Its data is the same in
// every language; keys with these prefixes hold values the host words in
// l first (the English Detail is worded the same way):
//
//	span…      a length of time (a time.Duration's String): SpanIn
//	player…    a seat's stored name: a computer's named in l (PlayerNameIn)
//	players…   a number of players, "n" or "lo-hi": "3 players", "2 to 4 players"
//	versions…  rules versions, "n" or "lo-hi": "version 2", "versions 1 to 2"
//	size…      a size in bytes (a number): BytesIn, "16 MiB", "16,5 MiB"
//	bytes…     a size in bytes, exact: ExactBytesIn, "16777216 bytes"
//	game       the game's name, in l when e.Game is set
//	rule       a broken rule's English text, the game's wording in l (e.Rule)
//	msg        a record's syntax error in English, the engine's wording in l (e.Record)
//	why        a game's refusal of a setup in English, the game's wording in l (e.Setup)
//	cause      another message of the host's catalog by its ID, worded in l
//	           with the same data (worded first as above)
func detailText(l lang.Lang, m lang.Msg, e *Error) string {
	if len(m.Data) == 0 {
		return catalog.Msg(l, m)
	}
	data := make(map[string]string, len(m.Data))
	for k, v := range m.Data {
		if raw, ok := strings.CutPrefix(v, echoMark); ok {
			v = EchoIn(l, raw)
		}
		switch {
		case strings.HasPrefix(k, "span"):
			if d, err := time.ParseDuration(v); err == nil {
				v = SpanIn(l, d)
			}
		case strings.HasPrefix(k, "size"):
			if n, err := strconv.Atoi(v); err == nil {
				v = BytesIn(l, n)
			}
		case strings.HasPrefix(k, "bytes"):
			if n, err := strconv.Atoi(v); err == nil {
				v = ExactBytesIn(l, n)
			}
		case strings.HasPrefix(k, "players"):
			lo, hi := countRange(v)
			v = PlayersIn(l, lo, hi)
		case strings.HasPrefix(k, "versions"):
			lo, hi := countRange(v)
			v = Say(l, "detail.version", "n", strconv.Itoa(lo))
			if lo != hi {
				v = Say(l, "detail.versions", "lo", strconv.Itoa(lo), "hi", strconv.Itoa(hi))
			}
		case strings.HasPrefix(k, "player"):
			v = PlayerNameIn(l, v)
		case k == "game" && e != nil && e.Game != nil:
			v = engine.WordsFor(*e.Game, l, nil).GameName()
		case k == "msg" && e != nil && e.Record != nil && e.Record.Key != "" && l != lang.English:
			v = recordErrorIn(l, e.Record)
		case k == "why" && e != nil && e.Setup != nil && e.Game != nil && l != lang.English:
			v = setupErrorIn(l, *e.Game, e.Setup)
		case k == "rule" && e != nil && e.Rule != nil && l != lang.English && e.Game != nil:
			v = strings.TrimSuffix(cleanQuotesIn(l, engine.WordsFor(*e.Game, l, nil).Error(e.Rule)), ".")
		}
		data[k] = v
	}
	if id, ok := data["cause"]; ok {
		data["cause"] = catalog.Text(l, id, data)
	}
	return catalog.Text(l, m.ID, data)
}

// countRange reads "n" or "lo-hi".
func countRange(v string) (lo, hi int) {
	a, b, ok := strings.Cut(v, "-")
	lo, _ = strconv.Atoi(a)
	hi = lo
	if ok {
		hi, _ = strconv.Atoi(b)
	}
	return lo, hi
}

// rangeData is a count or a range as detailText reads it ("3", "2-4").
func rangeData(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
}

// PlayersIn says how many players in l: "3 players", "1 player", "2 to 4
// players".
func PlayersIn(l lang.Lang, lo, hi int) string {
	if lo == hi {
		return Say(l, "players", lang.CountKey, strconv.Itoa(lo))
	}
	return Say(l, "detail.players-range", "lo", strconv.Itoa(lo), "hi", strconv.Itoa(hi))
}

// withCause sets e's cause (for logs and errors.Is).
func withCause(e *Error, cause error) *Error { e.Err = cause; return e }

// failure builds an Error with a cause.
func failure(kind Kind, cause error, format string, args ...any) *Error {
	return &Error{Kind: kind, Detail: fmt.Sprintf(format, args...), Err: cause}
}

// Problem is an error as a user should see it: its kind, one clear text,
// and what a front end may present besides (the rule's help, the
// choices that continue an incomplete move, the ID of an internal error in
// the log).
type Problem struct {
	Kind Kind   `json:"kind"`
	Text string `json:"error"`
	// Code is the broken rule's stable code; TopicID its help topic and
	// Topic that topic when the game has it.
	Code    string            `json:"code,omitempty"`
	TopicID string            `json:"topic,omitempty"`
	Topic   *engine.HelpTopic `json:"help,omitempty"`
	// Move is the incomplete move so far and Choices the ways to go on.
	Move    string          `json:"move,omitempty"`
	Choices *engine.Choices `json:"choices,omitempty"`
	// ErrorID names an internal error or damaged data in the log.
	ErrorID string `json:"error_id,omitempty"`
	// MatchID is the damaged match (KindDamaged).
	MatchID string `json:"match_id,omitempty"`
}

// Explain is the one place that decides what a user sees of an error.
// Internal errors and damaged data are logged here with a fresh error ID,
// which the text quotes; no Go error text reaches the user. The text is
// English; ExplainIn words it for a reader.
func (s *Service) Explain(ctx context.Context, err error) Problem {
	return s.ExplainIn(ctx, err, engine.Words{Lang: lang.English})
}

// ExplainIn is Explain in the reader's language w.Lang: the host's frame
// from its catalog, a broken rule worded by the game's catalog (w.Info;
// the zero Info reads the rule's English). Details the service words
// itself (Error.Detail) are still English clauses.
func (s *Service) ExplainIn(ctx context.Context, err error, w engine.Words) Problem {
	return s.ExplainAt(ctx, err, w, PlaceChannel)
}

// ExplainAt is ExplainIn for a reader who is at place: a text that names
// the place where the request was made ("no open match in this
// channel") names a thread in a thread.
func (s *Service) ExplainAt(ctx context.Context, err error, w engine.Words, place Place) Problem {
	p := explainIn(err, w, place)
	if p.Kind == KindInternal || p.Kind == KindDamaged {
		p.ErrorID = newErrorID()
		s.log.ErrorContext(ctx, "request failed", "error_id", p.ErrorID, "kind", string(p.Kind), "match", p.MatchID, "err", err)
		p.Text = strings.ReplaceAll(p.Text, errorIDMark, p.ErrorID)
	}
	return p
}

// errorIDMark stands for the error ID in a text until Explain knows it.
const errorIDMark = "\x00id\x00"

func newErrorID() string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// asError finds the vocabulary's Error of err, mapping the errors of the
// engine, storage and render packages (and context ends) onto it.
func asError(err error) *Error {
	var rv *RulesVersionError
	if errors.As(err, &rv) {
		return withCause(rulesVersionError(rv), err)
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	if re, ok := engine.AsRule(err); ok {
		return &Error{Kind: KindRule, Rule: re, Err: err}
	}
	var rec *engine.RecordError
	var rep *engine.ReplayError
	switch {
	case errors.As(err, &rep):
		return recordProblem(rep, nil)
	case errors.As(err, &rec):
		return withCause(recordSyntax(rec), err)
	case errors.Is(err, engine.ErrIncompleteMove):
		return &Error{Kind: KindIncomplete, Err: err}
	case errors.Is(err, engine.ErrNotYourTurn):
		return &Error{Kind: KindNotYourTurn, Err: err}
	case errors.Is(err, engine.ErrGameOver):
		return &Error{Kind: KindFinished, Err: err}
	case errors.Is(err, engine.ErrUnknownGame):
		return &Error{Kind: KindInvalid, Detail: plain(err), Err: err}
	case errors.Is(err, engine.ErrRecordGame), errors.Is(err, engine.ErrRulesVersion), errors.Is(err, engine.ErrResultMismatch):
		return &Error{Kind: KindInvalid, Detail: plain(err), Err: err}
	case errors.Is(err, render.ErrNoRenderer):
		return &Error{Kind: KindNoBoard, Err: err}
	case errors.Is(err, storage.ErrCorrupt):
		id, _ := storage.DamagedMatch(err)
		return &Error{Kind: KindDamaged, MatchID: id, Err: err}
	case errors.Is(err, storage.ErrNotFound):
		return &Error{Kind: KindNotFound, Err: err}
	case errors.Is(err, storage.ErrChannelTaken):
		return &Error{Kind: KindChannelTaken, Err: err}
	case errors.Is(err, storage.ErrUnconfirmed):
		return &Error{Kind: KindBusy, Detail: storeUnconfirmed, Err: err}
	case errors.Is(err, storage.ErrUnavailable):
		return &Error{Kind: KindBusy, Detail: storeBusy, Err: err}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Kind: KindBusy, Err: err}
	}
	return &Error{Kind: KindInternal, Err: err}
}

// HostFault reports whether err is the host's failure (a fault, damaged
// data, a store that does not answer) rather than a user's mistake.
func HostFault(err error) bool {
	switch asError(err).Kind {
	case KindInternal, KindDamaged, KindBusy:
		return true
	}
	return false
}

// explainIn words an error in w.Lang for a reader at place (see
// Service.ExplainAt, which adds the error ID).
func explainIn(err error, w engine.Words, place Place) Problem {
	if !w.Lang.Valid() {
		w.Lang = lang.English
	}
	l := w.Lang
	say := func(id string, kv ...string) string { return Say(l, "error."+id, kv...) }
	if err == nil {
		return Problem{Kind: KindInternal, Text: say("internal", "error", errorIDMark)}
	}
	e := asError(err)
	p := Problem{Kind: e.Kind}
	if e.Game != nil && w.Info.Catalog == nil {
		w.Info = *e.Game
	}
	detail, rawDetail := sentence(e.Detail), e.Detail
	if e.DetailMsg.ID != "" {
		de := *e
		if de.Game == nil && w.Info.Catalog != nil {
			de.Game = &w.Info
		}
		rawDetail = detailText(l, e.DetailMsg, &de)
		detail = strings.TrimSuffix(strings.TrimSpace(rawDetail), ".")
	}
	switch e.Kind {
	case KindRule:
		p.Text = say("rule")
		if e.Rule != nil {
			rule := e.Rule.Msg // the English field, as the service named it
			if l != lang.English {
				rule = w.Error(e.Rule)
			}
			p.Text = say("rule-why", "rule", strings.TrimSuffix(cleanQuotesIn(l, rule), "."))
		}
	case KindIncomplete:
		p.Text = incompleteText(e, w)
		p.Move, p.Choices = e.Move, e.Choices
	case KindNotYourTurn:
		p.Text = say("not-your-turn")
		if len(e.Who) > 0 {
			p.Text = say("not-your-turn-who", "who", namesIn(l, e.Who))
		}
	case KindNotSeated:
		p.Text = say("not-seated")
	case KindNoMatch:
		p.Text = say(place.ID("no-match"))
	case KindNotFound:
		p.Text = say("not-found")
	case KindFinished:
		p.Text = say("finished")
		if detail != "" {
			p.Text = say("finished-why", "detail", detail)
		}
	case KindNotStarted:
		p.Text = say("not-started")
		if len(e.Who) > 0 {
			p.Text = say("not-started-who", "who", namesIn(l, e.Who))
		}
	case KindStale:
		p.Text = say("stale")
		if detail != "" {
			p.Text = capital(detail) + "."
		}
	case KindRulesVersion:
		p.Text = say("rules-version")
		if detail != "" {
			p.Text = say("rules-version-why", "detail", detail)
			// A match of a newer build, met during a rolling upgrade by a
			// server still on the old build: the next try may reach one on
			// the new build, so aborting is the last resort.
			if rv := (*RulesVersionError)(nil); errors.As(err, &rv) && rv.Newer() {
				p.Text = say("rules-version-newer", "detail", detail)
				if rv.UnknownGame {
					// Without the game nothing can be written to the
					// match, not even its end.
					p.Text = say("rules-version-unknown-game", "detail", detail)
				}
			}
		}
	case KindTooLarge:
		p.Text = say("too-large")
		if detail != "" {
			p.Text = say("too-large-why", "detail", detail)
		}
	case KindInvalid:
		p.Text = say("invalid")
		if detail != "" {
			p.Text = capital(detail) + "."
		}
	case KindBusy:
		p.Text = say("busy")
		switch e.Detail {
		case storeBusy:
			p.Text = say("busy-store")
		case storeUnconfirmed:
			p.Text = say("busy-unconfirmed")
		}
	case KindLobbyFull:
		p.Text = say("lobby-full")
		if detail != "" {
			p.Text = say("lobby-full-why", "detail", detail)
		}
	case KindAlreadySeated:
		p.Text = say("already-seated")
	case KindAlreadyStarted:
		p.Text = say("already-started")
	case KindLobbyClosed:
		p.Text = say("lobby-closed")
	case KindChannelTaken:
		p.Text = say(place.ID("channel-taken"))
	case KindSeatCount:
		p.Text = say("seat-count")
		if detail != "" {
			p.Text = say("seat-count-why", "detail", detail)
		}
	case KindNotAllowed:
		if detail != "" && len(e.Who) == 0 && !e.Moderators {
			// A rule of the host other than who manages the match (only
			// a move's player may take it back ...): Detail says it all.
			p.Text = capital(detail) + "."
			break
		}
		who := say("who.creator")
		if len(e.Who) > 0 {
			who = say("who.creator-named", "who", namesIn(l, e.Who))
		}
		if e.Moderators {
			who = say("who.or-moderator", "who", who)
		}
		if rawDetail != "" { // who else may (Replace: the seat's own player)
			who += ", " + rawDetail
		}
		p.Text = say("not-allowed", "who", who)
	case KindNoHelp:
		p.Text = say("no-help")
	case KindNoBoard:
		p.Text = say("no-board")
	case KindDamaged:
		p.MatchID = e.MatchID
		p.Text = damagedText(e, l, place)
	default:
		p.Kind = KindInternal
		p.Text = say("internal", "error", errorIDMark)
	}
	if e.Rule != nil {
		p.Code, p.TopicID, p.Topic = e.Rule.Code, e.Rule.Topic, e.Topic
		if p.Topic != nil && w.Info.Catalog != nil && l != lang.English {
			if t, ok := engine.FindTopic(w.Help(), p.Topic.ID); ok {
				p.Topic = &t
			}
		}
	}
	return p
}

// storeBusy marks a KindBusy error of a store that did not answer in
// time (storage.ErrUnavailable): the text then says so.
const storeBusy = "the store is not answering"

// storeUnconfirmed marks a KindBusy error of a commit the store applied
// but no replica confirmed in time (storage.ErrUnconfirmed).
const storeUnconfirmed = "the store applied it but no replica confirmed it"

// damagedText says that a match is damaged, which one, and what can be
// done: its creator or a moderator can abort it, receiving what can still
// be read as a match record, which frees its channel (or thread: the
// reader's place).
func damagedText(e *Error, l lang.Lang, place Place) string {
	which := Say(l, "error.damaged-which.match")
	if e.MatchID != "" {
		id := "error.damaged-which.channel"
		if place == PlaceThread {
			id = "error.damaged-which.thread"
		}
		which = Say(l, id, "id", EchoIn(l, e.MatchID))
	}
	who := Say(l, "error.damaged-who.moderator")
	if len(e.Who) > 0 {
		who = Say(l, "error.damaged-who.creator", "who", namesIn(l, e.Who))
	}
	return Say(l, place.ID("error.damaged"), "which", which, "error", errorIDMark, "who", who)
}

// incompleteText names the move so far and the choices that continue it.
func incompleteText(e *Error, w engine.Words) string {
	l := w.Lang
	t := Say(l, "error.incomplete")
	if e.Move != "" {
		t = Say(l, "error.incomplete-move", "move", EchoIn(l, e.Move))
	}
	if e.Choices == nil {
		return t
	}
	ch := e.Choices
	if len(ch.Next) == 0 {
		return t + " " + Say(l, "error.dead-end")
	}
	const shown = 8
	toks := make([]string, 0, shown)
	for i, c := range ch.Next {
		if i == shown {
			toks = append(toks, Say(l, "error.more", "n", strconv.Itoa(len(ch.Next))))
			break
		}
		toks = append(toks, c.Token)
	}
	prompt := ch.Prompt // the English field, seats named by the service
	if l != lang.English {
		prompt = w.Prompt(*ch)
	}
	prompt = strings.TrimSpace(prompt)
	if prompt == "" {
		prompt = Say(l, "error.what-next")
	}
	return t + " " + prompt + " " + Say(l, "error.goes-on", "tokens", strings.Join(toks, ", "))
}

// namesIn lists people in language l: "alice", "alice and bob", "alice,
// bob and carol".
func namesIn(l lang.Lang, who []string) string {
	echoed := make([]string, len(who))
	for i, w := range who {
		echoed[i] = EchoIn(l, PlayerNameIn(l, w))
	}
	if len(echoed) <= 1 {
		return strings.Join(echoed, "")
	}
	return Say(l, "list.last", "rest", strings.Join(echoed[:len(echoed)-1], ", "), "last", echoed[len(echoed)-1])
}

// sentence cleans a detail clause: quotes shown with Echo, no final stop.
func sentence(s string) string {
	return strings.TrimSuffix(strings.TrimSpace(cleanQuotes(s)), ".")
}

func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Go-quoted strings in a message: how engines and the service quote what
// a user typed (%q).
var goQuoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// cleanQuotes shows every Go-quoted string of a message the way Echo does:
// escapes such as \u200b become names, long input is cut short.
func cleanQuotes(s string) string { return cleanQuotesIn(lang.English, s) }

// cleanQuotesIn is cleanQuotes naming invisible characters in l.
func cleanQuotesIn(l lang.Lang, s string) string {
	return goQuoted.ReplaceAllStringFunc(s, func(q string) string {
		u, err := strconv.Unquote(q)
		if err != nil {
			return q
		}
		return `"` + EchoIn(l, u) + `"`
	})
}

// EchoMax is how many characters of user input a message repeats.
const EchoMax = 40

// Echo is user input as a message may repeat it, in English: EchoIn.
func Echo(s string) string { return EchoIn(lang.English, s) }

// EchoIn is user input as a message in l may repeat it: invisible and
// control characters named in l ("[zero-width space]", "[Leerzeichen
// ohne Breite]"; messages invisible.*), line breaks and tabs as spaces,
// and at most EchoMax characters, the rest cut off with an ellipsis.
func EchoIn(l lang.Lang, s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == EchoMax {
			b.WriteString("…")
			break
		}
		n++
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case invisible(r):
			b.WriteString("[" + invisibleName(l, r) + "]")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// echoMark begins a value of a message's data that is user input to be
// Echoed when the message is worded (Echoed).
const echoMark = "\x00echo\x00"

// Echoed is user input for a message's data, to be Echoed in the
// language the message is worded in (by Say and by a refusal's detail,
// DetailMsg): invisible characters are named in the reader's language.
// The input is kept raw, cut after EchoMax+1 characters.
func Echoed(s string) string {
	n := 0
	for i := range s {
		if n == EchoMax+1 {
			s = s[:i]
			break
		}
		n++
	}
	return echoMark + s
}

// unEcho words in l the values of data that Echoed marked.
func unEcho(l lang.Lang, data map[string]string) {
	for k, v := range data {
		if raw, ok := strings.CutPrefix(v, echoMark); ok {
			data[k] = EchoIn(l, raw)
		}
	}
}

// invisible reports a character that shows nothing (or something
// misleading) on screen: format and control characters, and any rune
// that is not printable and not a space.
func invisible(r rune) bool {
	return r == utf8.RuneError || unicode.Is(unicode.Cf, r) || unicode.IsControl(r) ||
		(!unicode.IsPrint(r) && !unicode.IsSpace(r))
}

// namedInvisible are the invisible characters with a name of their own,
// message invisible.<code point in hex> (invisible.fffd for a byte that is
// not UTF-8).
var namedInvisible = map[rune]bool{
	'\u00ad': true, '\u200b': true, '\u200c': true, '\u200d': true, '\u200e': true,
	'\u200f': true, '\u2060': true, '\ufeff': true, '\u202a': true, '\u202b': true,
	'\u202c': true, '\u202d': true, '\u202e': true, '\u2066': true, '\u2067': true,
	'\u2068': true, '\u2069': true, utf8.RuneError: true,
}

func invisibleName(l lang.Lang, r rune) string {
	if namedInvisible[r] {
		return Say(l, fmt.Sprintf("invisible.%04x", r))
	}
	code := fmt.Sprintf("%04X", r)
	if unicode.IsControl(r) {
		return Say(l, "invisible.control", "code", code)
	}
	return Say(l, "invisible.unnamed", "code", code)
}

// MaxMoveLen is the longest move text the service reads, in characters.
const MaxMoveLen = 500

// cleanMove is typed notation as the game should read it: invisible
// characters (a zero-width space pasted with the text, say) are dropped
// and control characters become spaces. Longer than MaxMoveLen is
// refused.
func cleanMove(text string) (string, error) {
	if n := utf8.RuneCountInString(text); n > MaxMoveLen {
		return "", detailed(KindTooLarge, "move-long", "max", strconv.Itoa(MaxMoveLen), "n", strconv.Itoa(n))
	}
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r) || r == utf8.RuneError:
			return ' '
		case invisible(r):
			return -1
		}
		return r
	}, text), nil
}

// packagePrefix is the "name: " of a package (engine:, bot:, brass: ...)
// at the start of a Go error's text or of a wrapped part of it.
var packagePrefix = regexp.MustCompile(`(^|: )(?:[a-z][a-z0-9]*: )+`)

// plain is the text of an error from another package, for a detail: its
// package prefixes dropped. Only for errors whose text is meant as an
// explanation (engine record and game setup errors).
func plain(err error) string {
	s := packagePrefix.ReplaceAllString(err.Error(), "$1")
	// A sentinel wrapped with its specifics ("record is for another
	// game: the record is for ..."): the specifics say it all.
	for _, sentinel := range []error{engine.ErrRecordGame, engine.ErrRulesVersion, engine.ErrResultMismatch} {
		s = strings.TrimPrefix(s, packagePrefix.ReplaceAllString(sentinel.Error(), "$1")+": ")
	}
	return s
}

// recordSyntax is a record syntax error for a person: the engine's
// message by reference (e.Key, e.Data) inside the host's frame.
func recordSyntax(e *engine.RecordError) *Error {
	err := invalid("record", "msg", e.Msg)
	if e.Line > 0 {
		err = invalid("record-line", "line", strconv.Itoa(e.Line), "msg", e.Msg)
	}
	err.Record = e
	return withCause(err, e)
}

// recordErrorIn words a record's syntax error in l by the engine's
// catalog, the excerpt of the record in it Echoed.
func recordErrorIn(l lang.Lang, e *engine.RecordError) string {
	data := make(map[string]string, len(e.Data))
	for k, v := range e.Data {
		if k == "text" || k == "quoted" {
			v = EchoIn(l, v)
		}
		data[k] = v
	}
	return engine.Catalog().Text(l, e.MsgID(), data)
}

// setupRefusal is a game's refusal of a setup (*engine.SetupError in
// err's chain) as the detail id of the host's catalog, whose data "why" is
// the refusal: its English Msg, worded by the game's catalog for other
// readers (setupErrorIn). Nil when err is no SetupError.
func setupRefusal(info engine.Info, id string, err error) *Error {
	var se *engine.SetupError
	if !errors.As(err, &se) {
		return nil
	}
	e := invalid(id, "why", sentence(se.Msg))
	e.Setup, e.Game = se, &info
	return withCause(e, err)
}

// setupErrorIn words a game's refusal of a setup in l by the game's
// catalog, what the person typed in it Echoed.
func setupErrorIn(l lang.Lang, info engine.Info, e *engine.SetupError) string {
	if info.Catalog == nil || !info.Catalog.Has(lang.Fallback, e.MsgID()) {
		return sentence(e.Msg)
	}
	data := make(map[string]string, len(e.Data))
	for k, v := range e.Data {
		if strings.HasPrefix(k, "text") {
			v = EchoIn(l, v)
		}
		data[k] = v
	}
	return strings.TrimSuffix(info.Catalog.Text(l, e.MsgID(), data), ".")
}

// recordProblem is a record move that cannot be played, with its rule.
func recordProblem(rep *engine.ReplayError, topic *engine.HelpTopic) *Error {
	kv := []string{"n", strconv.Itoa(rep.MoveNumber), "seat", strconv.Itoa(rep.Seat + 1), "move", Echoed(rep.Move)}
	id := "record-move"
	re, isRule := engine.AsRule(rep.Err)
	if isRule {
		id = "record-rule"
		kv = append(kv, "rule", strings.TrimSuffix(sentence(re.Msg), "."))
	} else {
		why := "cannot"
		switch {
		case errors.Is(rep.Err, engine.ErrIncompleteMove):
			why = "incomplete"
		case errors.Is(rep.Err, engine.ErrNotYourTurn):
			why = "not-your-turn"
		case errors.Is(rep.Err, engine.ErrBadSeat):
			why = "no-seat"
		case errors.Is(rep.Err, engine.ErrGameOver):
			why = "over"
		}
		kv = append(kv, "why", why)
	}
	if rep.Line > 0 {
		id += "-line"
		kv = append(kv, "line", strconv.Itoa(rep.Line))
	}
	e := withCause(invalid(id, kv...), rep)
	e.Topic = topic
	if isRule {
		e.Rule = re
	}
	return e
}

// rulesVersionError says which rules a refused match was played under
// and which this build plays.
func rulesVersionError(e *RulesVersionError) *Error {
	if e.UnknownGame {
		return withCause(detailed(KindRulesVersion, "rules-unknown-game", "id", Echoed(e.Game)), e)
	}
	id := "rules-older"
	if e.Newer() {
		id = "rules-newer"
	}
	kv := []string{"version", strconv.Itoa(e.Version), "versions", rangeData(e.Oldest, e.Current)}
	if e.Info != nil { // the game's name in the reader's language
		return withCause(gameDetailed(KindRulesVersion, *e.Info, id, kv...), e)
	}
	return withCause(detailed(KindRulesVersion, id, append(kv, "game", e.Name)...), e)
}
