package storage

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Opening is a Store being opened in the background (Later), so that a
// process can serve what needs no store (the playground's page) while the
// store loads: the embedded store replays its log at open, tens of
// milliseconds for a thousand matches (docs/performance.md, "Cold
// start"). Every call waits for the open to finish, then runs on the
// opened store; a call whose context ends first fails with ErrUnavailable,
// and every call fails with the open's error once the open has failed. It
// implements Lister when the opened store does.
type Opening struct {
	done chan struct{}
	st   Store
	err  error
}

// Later starts open in a goroutine and returns the store it will open.
func Later(open func() (Store, error)) *Opening {
	o := &Opening{done: make(chan struct{})}
	go func() {
		defer close(o.done)
		o.st, o.err = open()
		if o.err == nil && o.st == nil {
			o.err = errors.New("storage: the store opened as nil")
		}
	}()
	return o
}

// Done is closed when the open has finished, well or not (then Err).
func (o *Opening) Done() <-chan struct{} { return o.done }

// Err is the open's error once Done is closed; nil before, or when the
// store opened.
func (o *Opening) Err() error {
	select {
	case <-o.done:
		return o.err
	default:
		return nil
	}
}

// store waits for the open (or ctx).
func (o *Opening) store(ctx context.Context) (Store, error) {
	select {
	case <-o.done:
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: the store is still opening: %w", ErrUnavailable, ctx.Err())
	}
	if o.err != nil {
		return nil, o.err
	}
	return o.st, nil
}

func (o *Opening) Create(ctx context.Context, m Match) error {
	st, err := o.store(ctx)
	if err != nil {
		return err
	}
	return st.Create(ctx, m)
}

func (o *Opening) Get(ctx context.Context, id string) (Match, error) {
	st, err := o.store(ctx)
	if err != nil {
		return Match{}, err
	}
	return st.Get(ctx, id)
}

func (o *Opening) Commit(ctx context.Context, c Commit) error {
	st, err := o.store(ctx)
	if err != nil {
		return err
	}
	return st.Commit(ctx, c)
}

func (o *Opening) Log(ctx context.Context, id string, from int64) ([]LogEntry, error) {
	st, err := o.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.Log(ctx, id, from)
}

func (o *Opening) ChannelMatch(ctx context.Context, channel string) (string, error) {
	st, err := o.store(ctx)
	if err != nil {
		return "", err
	}
	return st.ChannelMatch(ctx, channel)
}

func (o *Opening) UserMatches(ctx context.Context, userID string) ([]string, error) {
	st, err := o.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.UserMatches(ctx, userID)
}

func (o *Opening) Salvage(ctx context.Context, id string) (Salvage, error) {
	st, err := o.store(ctx)
	if err != nil {
		return Salvage{}, err
	}
	return st.Salvage(ctx, id)
}

func (o *Opening) Retire(ctx context.Context, id string) error {
	st, err := o.store(ctx)
	if err != nil {
		return err
	}
	return st.Retire(ctx, id)
}

func (o *Opening) Due(ctx context.Context, now time.Time, owner string, lease time.Duration, limit int) ([]string, error) {
	st, err := o.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.Due(ctx, now, owner, lease, limit)
}

func (o *Opening) Prefs(ctx context.Context, key string) ([]byte, error) {
	st, err := o.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.Prefs(ctx, key)
}

func (o *Opening) SetPrefs(ctx context.Context, key string, data []byte) error {
	st, err := o.store(ctx)
	if err != nil {
		return err
	}
	return st.SetPrefs(ctx, key, data)
}

func (o *Opening) AddResult(ctx context.Context, r Result) error {
	st, err := o.store(ctx)
	if err != nil {
		return err
	}
	return st.AddResult(ctx, r)
}

func (o *Opening) Results(ctx context.Context, f ResultFilter) ([]Result, error) {
	st, err := o.store(ctx)
	if err != nil {
		return nil, err
	}
	return st.Results(ctx, f)
}

// MatchIDs lists the opened store's matches (Lister).
func (o *Opening) MatchIDs(ctx context.Context) ([]string, error) {
	l, err := o.lister(ctx)
	if err != nil {
		return nil, err
	}
	return l.MatchIDs(ctx)
}

// PrefsKeys lists the opened store's preferences keys (Lister).
func (o *Opening) PrefsKeys(ctx context.Context) ([]string, error) {
	l, err := o.lister(ctx)
	if err != nil {
		return nil, err
	}
	return l.PrefsKeys(ctx)
}

func (o *Opening) lister(ctx context.Context) (Lister, error) {
	st, err := o.store(ctx)
	if err != nil {
		return nil, err
	}
	l, ok := st.(Lister)
	if !ok {
		return nil, errors.New("storage: the store cannot list its matches")
	}
	return l, nil
}

// Close waits for the open, then closes the opened store; after a failed
// open there is nothing to close.
func (o *Opening) Close() error {
	<-o.done
	if o.err != nil {
		return nil
	}
	return o.st.Close()
}
