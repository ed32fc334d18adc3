package embedded

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/smokestack/smokestack/storage"
)

// resultsFile keeps the results of finished matches (AddResult), one JSON
// line each, appended and synced; it is apart from the data file, whose
// compaction never has to carry them.
const resultsFile = "results.jsonl"

// results is the store's table of match results.
type results struct {
	mu   sync.Mutex
	f    *os.File
	list []storage.Result // in the order added
	ids  map[string]bool
}

// openResults reads the results file of dir, creating it. A last line
// cut short by a crash (no newline) is dropped and the file truncated to
// the last whole line; a line that does not decode is skipped and logged.
func (s *Store) openResults() error {
	path := filepath.Join(s.dir, resultsFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return fmt.Errorf("embedded: read %s: %w", path, err)
	}
	r := &results{f: f, ids: map[string]bool{}}
	whole := bytes.LastIndexByte(data, '\n') + 1
	if whole < len(data) {
		s.log.Warn("embedded: a result cut short by a crash is dropped", "file", path, "bytes", len(data)-whole)
		if err := f.Truncate(int64(whole)); err != nil {
			f.Close()
			return fmt.Errorf("embedded: truncate %s: %w", path, err)
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(data[:whole]))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var res storage.Result
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil || res.MatchID == "" {
			s.log.Error("embedded: a damaged result is skipped", "file", path, "line", n, "err", err)
			continue
		}
		if !r.ids[res.MatchID] {
			r.ids[res.MatchID] = true
			r.list = append(r.list, res)
		}
	}
	if _, err := f.Seek(int64(whole), io.SeekStart); err != nil {
		f.Close()
		return fmt.Errorf("embedded: %w", err)
	}
	s.res = r
	return nil
}

// AddResult implements storage.Store.
func (s *Store) AddResult(ctx context.Context, res storage.Result) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if res.MatchID == "" {
		return errors.New("embedded: a result without a match ID")
	}
	line, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("embedded: encode result: %w", err)
	}
	r := s.res
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return errClosed
	}
	if r.ids[res.MatchID] {
		return nil
	}
	if _, err := r.f.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("embedded: write result: %w", err)
	}
	if err := s.sync(r.f); err != nil {
		return fmt.Errorf("embedded: sync results: %w", err)
	}
	r.ids[res.MatchID] = true
	r.list = append(r.list, res)
	return nil
}

// Results implements storage.Store.
func (s *Store) Results(ctx context.Context, f storage.ResultFilter) ([]storage.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r := s.res
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return nil, errClosed
	}
	out := []storage.Result{}
	for _, res := range slices.Backward(r.list) {
		if f.Has(res) {
			res.Seats, res.Left = slices.Clone(res.Seats), slices.Clone(res.Left)
			out = append(out, res)
		}
	}
	slices.SortStableFunc(out, func(a, b storage.Result) int { return b.Finished.Compare(a.Finished) })
	return out, nil
}

func (r *results) close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return nil
	}
	err := r.f.Close()
	r.f = nil
	return err
}
