package embedded

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/smokestack/smokestack/storage"
)

// ErrBackupExists means the backup's destination already holds a store.
var ErrBackupExists = errors.New("embedded: the backup destination already holds a store")

// BackupResult says what a backup copied.
type BackupResult struct {
	Matches int   // matches in the copy (expired ones dropped)
	Bytes   int64 // size of the copy's file, compacted
	Copied  int64 // bytes read from the store's file
}

// copyResults copies the results file of dir, if it has one, to dest.
func copyResults(dir, dest string) error {
	src, err := os.Open(filepath.Join(dir, resultsFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer src.Close()
	st, err := src.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(filepath.Join(dest, resultsFile), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, io.NewSectionReader(src, 0, st.Size())); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Backup copies the store in dir to dest (a new or empty directory) while
// a process may be serving it; it takes no lock and never writes to dir.
//
// The store's file only grows by appending records, each acknowledged
// after its fdatasync, and compaction replaces it with a rename. Backup
// opens the file once and copies it to its end as it is then: every
// commit acknowledged before Backup began is in the copy (a compaction
// meanwhile leaves the opened file whole). A record being written while
// the copy reads it is cut when the copy is opened, as after a crash:
// it was not acknowledged when the copy began. The copy is synced,
// renamed into place, opened (every checksum is checked; what is cut or
// found damaged goes to opts.Log) and compacted, so dest is a store of
// its own, ready to open. The users' and servers' preferences (prefs.json)
// and the results of finished matches (results.jsonl, as they are when
// the copy begins) are copied with it.
func Backup(dir, dest string, opts storage.Options) (BackupResult, error) {
	var res BackupResult
	src, err := os.Open(filepath.Join(dir, dataFile))
	if err != nil {
		return res, fmt.Errorf("embedded: backup: %w", err)
	}
	defer src.Close()
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return res, fmt.Errorf("embedded: backup: %w", err)
	}
	final := filepath.Join(dest, dataFile)
	if _, err := os.Stat(final); err == nil {
		return res, fmt.Errorf("%w: %s", ErrBackupExists, final)
	}
	part := filepath.Join(dest, "backup.partial")
	out, err := os.OpenFile(part, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return res, fmt.Errorf("embedded: backup: %w", err)
	}
	fail := func(err error) (BackupResult, error) {
		out.Close()
		os.Remove(part)
		return res, fmt.Errorf("embedded: backup: %w", err)
	}
	// Up to the size the file has now: what a writer appends from here on
	// came after the backup began.
	st, err := src.Stat()
	if err != nil {
		return fail(err)
	}
	if res.Copied, err = io.Copy(out, io.NewSectionReader(src, 0, st.Size())); err != nil {
		return fail(err)
	}
	if err := out.Sync(); err != nil {
		return fail(err)
	}
	if err := out.Close(); err != nil {
		return fail(err)
	}
	// The results of finished matches (results.jsonl), as far as they are
	// written now; a line being written is cut when the copy opens.
	if err := copyResults(dir, dest); err != nil {
		return fail(err)
	}
	if err := os.Rename(part, final); err != nil {
		os.Remove(part)
		return res, fmt.Errorf("embedded: backup: %w", err)
	}
	if err := syncDir(dest); err != nil {
		return res, err
	}
	// The preferences (prefs.json) are replaced whole by a rename, so a
	// read sees one version of them.
	if prefs, err := os.ReadFile(filepath.Join(dir, prefsName)); err == nil {
		if err := writeFileSync(dest, prefsName, prefs); err != nil {
			return res, fmt.Errorf("embedded: backup: preferences: %w", err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return res, fmt.Errorf("embedded: backup: preferences: %w", err)
	}
	s, err := Open(dest, opts)
	if err != nil {
		return res, fmt.Errorf("embedded: backup: the copy in %s does not open: %w", dest, err)
	}
	defer s.Close()
	if err := s.Compact(); err != nil {
		return res, fmt.Errorf("embedded: backup: compact the copy: %w", err)
	}
	s.mu.Lock()
	res.Matches, res.Bytes = len(s.matches), s.size
	s.mu.Unlock()
	return res, nil
}
