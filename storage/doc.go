// Package storage keeps matches: a snapshot and a move log per match,
// committed together with a compare-and-set on the match version. Two
// backends implement Store and pass one shared test suite
// (storagetest): Redis for production (redisstore) and an embedded on-disk
// store as the zero-setup default (embedded).
//
// # The model
//
// A match is its metadata (game, rules version, seed, seats, channel,
// status, Version, Moves) plus the game's snapshot, and a log of applied
// moves. The log and the seed are the truth; the snapshot is a cache the
// service could rebuild by replaying the log.
//
// Every write is a Commit: the whole new match record and at most one log
// entry, accepted only if the stored Version still equals ExpectVersion.
// Both backends write the record and the entry as one unit (one Lua script
// in Redis, one checksummed record in the embedded file), so a reader never
// sees a snapshot without its log entry or the other way round. Losing the
// race gives ErrConflict and changes nothing; the service reloads and
// tries again.
//
// # Idempotency
//
// A commit may carry a RequestID (for Discord, the interaction ID). A
// second commit with the same RequestID on the same match fails with
// ErrDuplicate and changes nothing, whatever its ExpectVersion: the
// request check comes before the version check, so a client that retries
// after a lost reply learns that its first attempt landed. Redis keeps
// request IDs 30 minutes (interaction tokens live 15); the embedded store
// keeps them as long as the match.
//
// # Indexes
//
// ChannelMatch maps a channel to its one open (lobby or active) match;
// Create fails with ErrChannelTaken while one exists, and a commit to a
// finished or aborted status frees the channel. UserMatches lists the
// matches that seat a user, newest first (by Created; ties by ID,
// descending). In Redis the indexes live outside the match's Cluster slot
// and are written in separate, repeatable steps; reads check every index
// hit against the match itself. See package redisstore for the keys and
// the trade-offs. A damaged match keeps its channel and its place in its
// players' lists (see Bad data).
//
// # Expiry
//
// An open match with no commit for Options.AbandonAfter expires with its
// log: it reads as ErrNotFound, leaves the indexes, and its ID and channel
// can be used again. Nothing of it stays behind: in Redis its channel and
// user index keys expire too (AbandonAfter after its own keys, so a lost
// refresh never drops them early). Finished and aborted matches stay
// exportable: they never expire unless the operator sets
// Options.DeleteEndedAfter, and then they expire that long after the
// commit that ended them, the same way. Zero AbandonAfter means no open
// match expires. Both backends take the time from Options.Now, so tests drive
// expiry with a fake clock.
//
// # Bad data
//
// Damage costs only the matches it touches. A match whose data is damaged
// (a checksum that fails, a record lost from the embedded file, a log key
// evicted or deleted in Redis so that the log no longer holds the moves
// the match counts, metadata that does not decode, a Redis key of the
// wrong type) is quarantined: Get, Log and Commit of it fail with a
// *CorruptError that matches ErrCorrupt and names the match
// (DamagedMatch), every other match keeps loading and committing. It is
// never served stale or with a shortened log, and a commit never writes
// over the damage. It keeps its channel (ChannelMatch names it, Create
// there gives ErrChannelTaken) and its place in its players' lists, so a
// front end can show the damage where the match was, and it still expires
// when abandoned. Damage to an index key rather than a match gives a
// CorruptError without a match ID. Unknown state or rules versions are the
// service's to detect when it decodes the snapshot.
//
// Salvage reads what is left of a match: its metadata when that can be
// read, and the intact start of its log, with what is damaged. Retire then
// deletes the damaged match, freeing its channel and its ID; it refuses an
// intact match (ErrIntact). Together they let a moderator keep what can be
// read and clear the channel, without the store guessing at a repair.
//
// The embedded store finds damage when it opens (every record's checksums
// are checked) and in the latest record of a match on every Get and Log;
// it logs each recovery (see package embedded). Redis checks a match on
// every read and in every commit.
//
// # Unavailable
//
// A store that talks to a server (Redis) bounds each call by
// Options.Timeout (DefaultTimeout, 3 s, when zero) and reports a server
// that does not answer in time, cannot be reached, is loading its data or
// refuses writes for lack of memory as ErrUnavailable, so a front end can
// tell the user the store is not answering rather than fail with an
// internal error. Like any error other than ErrConflict, ErrDuplicate and
// ErrNotFound, it leaves a commit's outcome unknown (see Durability).
//
// # Logging
//
// Stores report what a user of the store would otherwise not see (a
// repaired crash, quarantined damage, a risky server setting) to
// Options.Log, slog.Default() when nil.
//
// # Durability
//
// Commit returns once the write is durable as far as the backend goes:
// the embedded store after fdatasync; Redis as its persistence allows
// (run it with appendonly yes and appendfsync always to lose no
// acknowledged commit; the store checks the settings at start and warns)
// and, with replica acknowledgement on (redisstore.WaitReplicas), once
// that many replicas hold it, so a failover loses no acknowledged commit.
// A commit the replicas did not confirm in time fails with
// ErrUnconfirmed: it is applied and visible, and only a failover before
// the replicas catch up can still lose it. Both backends are tested by
// killing the process with SIGKILL after acknowledged commits and
// reopening, and Redis Cluster by killing a master during a load of
// commits. The converse does not
// hold: a commit that returned an error other than ErrConflict,
// ErrDuplicate or ErrNotFound may still have landed (a lost reply, a
// failed sync after the write), so callers treat such errors as "unknown"
// and find out by reloading, or retry with the same RequestID.
//
// # Testing
//
// storagetest.Run is the conformance suite, damage cases included;
// storagetest.Redis starts a real redis-server on a unix socket for the
// Redis tests and fails (never skips) when redis-server is missing;
// storagetest.NewRedisCluster starts a Redis Cluster of three masters
// with one replica each on loopback.
package storage
