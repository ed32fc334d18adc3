package main

import (
	"fmt"
	"io"
	"log/slog"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
)

func openEmbedded(cfg config, opts storage.Options, log *slog.Logger) (storage.Store, error) {
	st, err := embedded.Open(cfg.DataDir, opts)
	if err != nil {
		return nil, fmt.Errorf("smokestack: open the embedded store in %s: %w", cfg.DataDir, err)
	}
	log.Info("storage: embedded", "dir", cfg.DataDir)
	return st, nil
}

// backupCmd copies the embedded store (DATA_DIR) to DEST while it may be
// serving: see embedded.Backup. With Redis configured it says how Redis
// is backed up instead.
func backupCmd(args []string, stdout, stderr io.Writer, environ []string) error {
	if len(args) != 1 || args[0] == "" || args[0][0] == '-' {
		return fmt.Errorf("%w: backup takes one argument, the directory to copy the store into", errUsage)
	}
	cfg, err := loadConfig(environ, ".env")
	if err != nil {
		return err
	}
	if cfg.RedisURL != "" {
		return fmt.Errorf("smokestack: backup copies the embedded store; with REDIS_URL set the matches are in Redis: " +
			"back up its append-only file or RDB snapshot (BGSAVE) as described in README.md (Backups)")
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	res, err := embedded.Backup(cfg.DataDir, args[0], storage.Options{AbandonAfter: cfg.AbandonAfter, DeleteEndedAfter: cfg.DeleteFinishedAfter, Log: log})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied the store in %s to %s: %d matches, %d bytes (compacted from %d)\n",
		cfg.DataDir, args[0], res.Matches, res.Bytes, res.Copied)
	return nil
}
