// Package embedded is the zero-setup storage backend: one directory on
// local disk, no server. It survives restarts and crashes; every
// acknowledged commit is on the disk.
//
// # Format
//
// The directory holds matches.log, an append-only file of checksummed
// records (see record.go), and LOCK. Create writes a full record (metadata,
// snapshot); each Commit appends one record holding the new metadata and
// snapshot plus the log entry and request ID it adds. The record is the
// unit of atomicity: the log entry and the snapshot are one write, so they
// are on disk together or not at all.
//
// Open reads the file once and rebuilds an in-memory index: per match its
// metadata, the file position of its latest snapshot and of every log
// entry, and its applied request IDs. Snapshots and log entries stay on
// disk and are read with pread (normally from the page cache); Get checks
// the record's CRC-32C on every read.
//
// # Durability and recovery
//
// A commit returns after one write and one fdatasync. Commits that arrive
// while a write is in flight are gathered and written together with the
// next write and fdatasync (group commit), so concurrent writers share the
// cost. Readers only see records whose fdatasync has returned.
//
// A crash can leave a partial last record. On open, a last record that is
// short or fails its checksum is cut off: it was never acknowledged. A
// record in the middle with an intact header but a damaged body marks
// only its match as corrupt (storage.ErrCorrupt); the rest loads. A
// damaged header in the middle (the record boundaries are lost while
// intact records follow) makes Open refuse with ErrCorrupt rather than
// silently drop acknowledged commits. If fdatasync fails, the store stops
// accepting writes until it is reopened (the kernel may have dropped the
// dirty pages, so retrying the sync would lie).
//
// # Compaction
//
// When the file is at least 32 MiB and more than twice the size of the live
// data, the store writes a new file with one full record per live match
// (expired matches dropped), fsyncs it, renames it over the old one and
// fsyncs the directory; Compact does the same on demand. Writes wait while
// it runs. A crash during compaction leaves the old file in place (the
// rename is atomic) and a partial copy that the next Open deletes.
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
