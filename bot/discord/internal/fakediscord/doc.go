// Package fakediscord is a fake Discord for the bot's tests: an oracle, not
// a stub. It serves the slice of the REST API (under /api/v9) and the
// gateway websocket the bot uses, and it enforces the platform rules a real
// Discord enforces, so a test fails the way production would:
//
//   - an interaction must get its initial response within 3 seconds, else
//     the token is unknown (404, code 10062);
//   - exactly one initial response per interaction (a second gets 400,
//     code 40060);
//   - follow-ups and edits through the interaction token work only once
//     Discord has the initial response (else 404, code 10015 Unknown
//     Webhook): through the callback endpoint, once it has returned; in
//     HTTP-interactions mode from the bot's HTTP answer, once the fake has
//     read and processed it (DefaultBodyDelay later), not when the bot
//     wrote it. An answer given through the callback is followed by HTTP
//     202 with no body;
//   - follow-ups and edits through the interaction token work for 15
//     minutes (the clock is injectable), later posts need the bot token;
//   - a deferred channel message may carry no flag but EPHEMERAL, and the
//     first follow-up after it fills it in instead of posting;
//   - an edit adds uploaded files to a message; an attachments list names
//     the ones to keep;
//   - autocomplete answers carry at most 25 choices whose names and values
//     are at most 100 characters;
//   - components: at most 5 action rows, 5 buttons per row, one select per
//     row with at most 25 options, custom IDs of 1 to 100 characters;
//   - ephemeral messages only as interaction responses or follow-ups;
//   - no empty message: a post, a response or an edit that would leave
//     a message with no content, embed, component or file is refused
//     (400, code 50006);
//   - content at most 2000 characters, embeds within their limits (title,
//     description, fields, a footer of 1 to 2048 characters, an author of
//     1 to 256, 6000 in all), a select's min_values and max_values within
//     its options, a link button's URL at most 512 characters, and
//     allowed_mentions well formed (parse holds users, roles, everyone;
//     never with a list of the same kind; at most 100 of each);
//   - command registration: names of 1 to 32 lower-case letters, digits,
//     hyphens and underscores, no name twice (commands or options), at most 25 options at
//     every level, subcommands not mixed with options, choice values of at
//     most 100 characters, no choices on an autocompleted option, and at
//     most 4000 characters of names, descriptions and values per command;
//   - every uploaded file decodes as a PNG and every attachment://name
//     reference names an uploaded file;
//   - the bot's own calls need its permissions in the channel (a thread
//     takes its parent's): 403 Missing Access (50001) without View
//     Channel, 403 Missing Permissions (50013) without Send Messages (Send
//     Messages in Threads in a thread), Attach Files for files, Read
//     Message History to read, Create Public Threads to open a thread;
//     interactions carry them as app_permissions (SetBotPermissions);
//   - a thread is a channel with a parent (GET /channels/{id} says type
//     11 and parent_id): posts, reads and archiving work in it as in a
//     channel, but no thread opens inside one (400, code 50024, "Cannot
//     execute action on this channel type");
//   - rate limits: 5 bot posts per channel per 5 seconds and 50 bot-token
//     requests a second in all (interaction endpoints exempt), with the
//     X-RateLimit headers discordgo paces itself by, and Discord's 429
//     (Retry-After, X-RateLimit-Scope, X-RateLimit-Global) past them
//     (SetRateLimits).
//
// A rule broken by the bot is answered with Discord's error and recorded in
// Violations, which tests assert empty. Every message, edit, ephemeral reply
// and thread is recorded in a per-channel transcript that tests compare with
// golden files after normalising IDs.
//
// Tests play users with the helpers Command, Autocomplete, Click and Select,
// which send only what a Discord client sends: a registered command, its
// own options with their types, a value among an option's choices and
// within its bounds, every required option, autocomplete only for an
// autocompleted option (CommandUnchecked sends what only a modified client
// would, for the bot's own checks);
// which deliver an interaction over the gateway (INTERACTION_CREATE) or, in
// HTTP-interactions mode, POST it signed with Ed25519 to the bot's endpoint.
package fakediscord
