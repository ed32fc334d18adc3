package bot

import (
	"context"
	"errors"
	"time"

	"github.com/smokestack/smokestack/storage"
)

// Metrics receives what the host measures, for an operator's dashboards.
// The core and the front ends record through it, so that none of them
// depends on a metrics library; cmd/smokestack wires the Prometheus
// implementation (package bot/ops). Every method is cheap and safe for
// concurrent use. Labels come from small fixed sets (commands, outcomes,
// game IDs, store operations), never from users or matches.
type Metrics interface {
	// Interaction is one interaction a front end answered: its command
	// (a slash command's name, "autocomplete:<name>", or a component's
	// kind), how it ended (Outcome*), the time from its arrival to the
	// first response Discord got (ack) and to its last post (total).
	Interaction(command, outcome string, ack, total time.Duration)
	// Move is one move submitted to a started match: MoveApplied, or
	// MoveRefused (against the rules, not the player's turn, stale...).
	Move(game, outcome string)
	// CASRetry is one compare-and-set lost to a concurrent writer and
	// tried again.
	CASRetry()
	// Render is one drawing of a position's images: the time it took and
	// the bytes of PNG it made.
	Render(game string, took time.Duration, pngBytes int)
	// Store is one call to the store (op: get, commit, create, log, ...)
	// and whether it failed (a missing match is no failure).
	Store(op string, took time.Duration, failed bool)
	// DiscordError is one REST call to Discord that failed: by HTTP status
	// ("404", "429", "500") or "network" when no status came back.
	DiscordError(status string)
	// RateLimitWait is one wait Discord's rate limit imposed (a 429's
	// retry_after).
	RateLimitWait(d time.Duration)
}

// Outcomes of an interaction (Metrics.Interaction).
const (
	OutcomeOK      = "ok"      // answered as asked
	OutcomeRefused = "refused" // answered with an explanation of the user's mistake (a rule, a limit, a turn)
	OutcomeError   = "error"   // the host failed (store, Discord, a bug): answered with an error ID, or not at all
)

// Outcomes of a move (Metrics.Move).
const (
	MoveApplied = "applied"
	MoveRefused = "refused"
)

// NoMetrics records nothing; it is the default.
type NoMetrics struct{}

func (NoMetrics) Interaction(string, string, time.Duration, time.Duration) {}
func (NoMetrics) Move(string, string)                                      {}
func (NoMetrics) CASRetry()                                                {}
func (NoMetrics) Render(string, time.Duration, int)                        {}
func (NoMetrics) Store(string, time.Duration, bool)                        {}
func (NoMetrics) DiscordError(string)                                      {}
func (NoMetrics) RateLimitWait(time.Duration)                              {}

// Metrics is where the service and its front ends record.
func (s *Service) Metrics() Metrics { return s.metrics }

// timedStore times every call to the store it wraps.
type timedStore struct {
	storage.Store
	m Metrics
}

func (t timedStore) done(op string, start time.Time, err error) {
	t.m.Store(op, time.Since(start), err != nil && !errors.Is(err, storage.ErrNotFound) &&
		!errors.Is(err, storage.ErrConflict) && !errors.Is(err, storage.ErrDuplicate) && !errors.Is(err, storage.ErrChannelTaken))
}

func (t timedStore) Create(ctx context.Context, m storage.Match) error {
	start := time.Now()
	err := t.Store.Create(ctx, m)
	t.done("create", start, err)
	return err
}

func (t timedStore) Get(ctx context.Context, id string) (storage.Match, error) {
	start := time.Now()
	m, err := t.Store.Get(ctx, id)
	t.done("get", start, err)
	return m, err
}

func (t timedStore) Commit(ctx context.Context, c storage.Commit) error {
	start := time.Now()
	err := t.Store.Commit(ctx, c)
	t.done("commit", start, err)
	return err
}

func (t timedStore) Log(ctx context.Context, id string, from int64) ([]storage.LogEntry, error) {
	start := time.Now()
	l, err := t.Store.Log(ctx, id, from)
	t.done("log", start, err)
	return l, err
}

func (t timedStore) ChannelMatch(ctx context.Context, channel string) (string, error) {
	start := time.Now()
	id, err := t.Store.ChannelMatch(ctx, channel)
	t.done("channel", start, err)
	return id, err
}

func (t timedStore) UserMatches(ctx context.Context, userID string) ([]string, error) {
	start := time.Now()
	ids, err := t.Store.UserMatches(ctx, userID)
	t.done("user", start, err)
	return ids, err
}

// Ping checks that the store answers: a read of a channel no match holds.
// It is what an operator's readiness check asks.
func (s *Service) Ping(ctx context.Context) error {
	_, err := s.store.ChannelMatch(ctx, "ops:ping")
	if err == nil || errors.Is(err, storage.ErrNotFound) {
		return nil
	}
	return err
}

// OpenMatches counts the open matches by game and status (lobby, active),
// reading every match the store holds (storage.Lister): for a gauge
// refreshed now and then, not for every request.
func (s *Service) OpenMatches(ctx context.Context) (map[[2]string]int, error) {
	l, ok := s.raw.(storage.Lister)
	if !ok {
		return nil, errors.New("bot: the store cannot list its matches")
	}
	ids, err := l.MatchIDs(ctx)
	if err != nil {
		return nil, err
	}
	out := map[[2]string]int{}
	for _, id := range ids {
		m, err := s.raw.Get(ctx, id)
		switch {
		case errors.Is(err, storage.ErrNotFound), errors.Is(err, storage.ErrCorrupt):
			continue
		case err != nil:
			return nil, err
		}
		if m.Status.Open() {
			out[[2]string{m.Game, string(m.Status)}]++
		}
	}
	return out, nil
}
