// Package embedded is the zero-setup storage backend: one directory on
// local disk, no server. It survives restarts and crashes; every
// acknowledged commit is on the disk.
//
// # Format
//
// The directory holds matches.log, an append-only file of checksummed
// records (see record.go), LOCK, prefs.json, the users' and servers'
// preferences (SetPrefs), rewritten whole and fsynced on each change (see
// due.go, which also finds due matches for Due in the in-memory index),
// and results.jsonl, the results of finished matches for statistics (one
// JSON line each, appended and synced, a line cut short by a crash
// dropped on open; see results.go). Create writes a full record (metadata,
// snapshot); each Commit appends one record holding the new metadata and
// snapshot (or a delta of it, below) plus the log entry and request ID it
// adds. The record is the unit of atomicity: the log entry and the
// snapshot are one write, so they are on disk together or not at all.
//
// Open reads the file once and rebuilds an in-memory index: per match its
// metadata, the file positions of the records its snapshot is built from
// and of every log entry, and its applied request IDs (packed into one
// byte slice per match). Snapshots and log entries stay on disk and are
// read with pread (normally from the page cache); Get checks the latest
// record's CRC-32C on every read.
//
// # Deltas
//
// A snapshot changes a little with each move, so a commit stores a delta
// against the previous version's snapshot (delta.go: copies from it and
// inserted bytes) when that is less than half the snapshot. A record with
// the whole snapshot is written at least every 16 records of a match, and
// whenever the deltas since the last one add up to more than a snapshot,
// so Get rebuilds a snapshot from at most 16 records; the last 64
// snapshots built are kept in memory, so the usual Get then Commit of a
// match reads one record. Compaction writes whole snapshots. For a
// 1,264-byte snapshot this cuts the bytes written per move by about two
// thirds (docs/performance.md). A delta is checked like any record
// (header and body checksums); a chain that does not rebuild quarantines
// its match.
//
// Delta records (kind 5) are new in issue #15: a build from before them
// quarantines every match that has one. Compaction writes whole snapshots
// only, so a compacted copy (smokestack backup) opens in older builds too.
//
// Open decodes the metadata JSON of only the latest record of each match:
// for the records before it, it reads the version and the move count,
// which encoding/json writes side by side, and checks that each commit
// adds one to the version. It builds the channel and user indexes once,
// at the end. It reads each record in place in its read buffer and, as a
// match's versions replace each other, reuses the match's index entry,
// metadata buffer, log and delta chain, so the open allocates little
// beyond the index it builds (BenchmarkEmbeddedOpen1000 in cmd/smokestack).
//
// # Durability and recovery
//
// A commit returns after one write and one fdatasync. Commits that arrive
// while a write is in flight are gathered and written together with the
// next write and fdatasync (group commit), so concurrent writers share the
// cost. Readers only see records whose fdatasync has returned.
//
// If fdatasync fails, the store stops accepting writes until it is
// reopened (the kernel may have dropped the dirty pages, so retrying the
// sync would lie).
//
// Open checks the checksums of every record and repairs or contains what
// it finds, logging each case to Options.Log with the file, the offset,
// the bytes involved and the match:
//
//   - The end of the file that is not a whole, intact record (a partial
//     record, a file cut inside a record header, a full-length last record
//     whose checksum fails) is what a crash in the middle of a write leaves.
//     That write was never acknowledged (its fdatasync had not returned),
//     so Open cuts it (warning). The one case it cannot tell apart is bit
//     rot in the very last record, which is cut too.
//   - A file that ends inside its own file header is one whose creation was
//     cut short: Open starts it afresh (warning). A short file that is not
//     the start of a store file is refused, never overwritten.
//   - Damage in the middle (a flipped byte in a header or a body, a lost
//     sector's worth of bytes): Open skips to the next record whose header
//     and body checksums both hold (the record magic number makes the
//     candidates rare) and goes on from there (error). The damaged bytes
//     are quarantined with their matches: the match a record header names
//     when the header is intact; otherwise the matches the damaged bytes
//     still name, in a header or in the metadata JSON that starts each body
//     (one damaged byte spoils at most one of the two). A match whose later
//     records are intact is caught in any case: every commit adds exactly
//     one to the version, so a gap means lost commits.
//
// A quarantined match fails every read and write with a
// storage.CorruptError naming it; every other match loads and works, so
// one bad sector never takes every channel offline. The match keeps its
// last known metadata, so it stays in its channel and its players' lists
// (a front end can show the damage there) and still expires when
// abandoned. Compaction drops the damaged bytes and keeps the quarantined
// match as a kindDamage record: its metadata, the part of its log known to
// be intact (up to the damage), its request IDs and the reason, so the
// quarantine outlives the damaged bytes. Each Open warns with the list of
// quarantined matches.
//
// Salvage reads what is known to be intact of a quarantined match (its
// last known metadata, its log up to the damage); Retire appends a
// kindRetire record, synced like a commit, that deletes it: loading
// forgets the match from there on and compaction drops it.
//
// Damage that appears while the store is open is caught in the latest
// record of a match by Get and Log, which check its checksum on every
// read, and in the other records its snapshot is built from whenever Get
// rebuilds it; every record is checked at the next Open. An I/O error while
// loading stops Open (nothing is cut or skipped on an I/O error); one
// while reading a match reports that match as damaged without
// quarantining it.
//
// # Compaction
//
// When the file is at least 32 MiB and more than twice the size of the live
// data, the store writes a new file with one full record per live match
// (expired matches dropped), fsyncs it, renames it over the old one and
// fsyncs the directory; Compact does the same on demand. Writes wait while
// it runs. A crash during compaction leaves the old file in place (the
// rename is atomic) and a partial copy that the next Open deletes.
// Quarantined matches are rewritten as kindDamage records (see above).
//
// # Locking
//
// LOCK is held with flock(2) while the store is open, so a second process
// (or a second Open) gets ErrLocked. The kernel drops the lock when the
// process dies, so a crash leaves nothing to clean up.
//
// # Why not bbolt (or SQLite)
//
// bbolt commits copy-on-write pages and then its meta page, with an fsync
// after each, so every commit costs at least two fsyncs; SQLite in WAL
// mode needs a WAL write plus sync and periodic checkpoints. The target for
// this store is a commit costing at most 1.5 times one fsynced write of the
// same bytes, which an append-only log meets by construction: one write,
// one fdatasync. The price is that compaction and the index are ours to
// write, and the whole index lives in memory, which is small at
// play-by-post scale (see docs/performance.md).
//
// # Concurrency
//
// One mutex guards the index; it is not held during the write and the
// fdatasync. The store is safe for many goroutines of one process.
package embedded
