package main

import (
	"fmt"
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
