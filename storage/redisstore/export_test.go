package redisstore

import (
	"context"

	"github.com/smokestack/smokestack/storage"
)

// Pack exposes pack to the tests.
func (s *Store) Pack(ctx context.Context, id string) error { return s.pack(ctx, id) }

// CompactEntry and DecodeEntry expose the compact log entry to the tests.
func CompactEntry(e storage.LogEntry) ([]byte, error)             { return compactEntry(e) }
func DecodeEntry(raw []byte, seq int64) (storage.LogEntry, error) { return decodeEntry(raw, seq) }

// PackEvery is packEvery.
const PackEvery = packEvery
