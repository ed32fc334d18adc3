// Package discord is the Discord adapter. It turns interactions (slash
// commands, autocompletion, buttons and select menus) into calls to the
// game service (package bot) and the results into Discord messages; it
// holds no rules and no storage logic.
//
// # Transports
//
// Interactions arrive over the gateway (discordgo's websocket, ModeGateway)
// or as signed HTTP POSTs (ModeHTTP, Bot.HTTPHandler): the signature is
// checked with Ed25519 over timestamp+body and timestamps older than five
// minutes (or from the future) are refused. Both feed the same handlers.
// REST goes through Session.Client, whose transport rewrites
// https://discord.com to Config.APIBase (a REST proxy, or the fake Discord
// in tests).
//
// Every initial response goes through the callback endpoint (POST
// /interactions/{id}/{token}/callback), in HTTP mode too (the HTTP request
// is then answered 202; only PING is answered in its body). The callback
// returns once Discord has the response, so follow-ups and edits, which
// Discord refuses (404 Unknown Webhook) before it has the response, always
// come after it. Discord can still refuse them for a moment; they are
// retried a few times (webhookRetries). The calls made with an
// interaction's token go through their own session (hook), renewed every
// 20 minutes so that discordgo's rate-limit buckets, one per token and
// never dropped, do not grow with every interaction.
//
// # Handlers
//
// A Handler is shaped like net/http but returns its Response. A handler
// decides (calls the service) and answers at once; what is slow or posts
// comes after the acknowledgement: the response's pictures (rendered, then
// added to it by an edit), an After step for the messages that follow it
// (the board post after a picked move, the turn's ping), or, for a handler
// that must call Discord before it can answer (a new thread), Later, run
// after a deferred acknowledgement. serve also defers a handler that takes
// longer than Config.DeferAfter and fills the answer in afterwards. A
// handler's error becomes a private reply with the core's explanation
// (bot.Service.Explain, which words every error and logs internal ones
// with an error ID); answer only presents it.
//
// # Custom IDs
//
// Buttons and menus carry small path patterns (see customid.go) with the
// match ID and version, so a button from an old board is refused with the
// current one, and the picker's state (the partial move) travels in the
// custom ID itself.
//
// # Messages after a turn
//
// A board post (a narration of the public events, then its PNG as soon as
// it is drawn) sent with the SuppressNotifications flag and no mentions,
// then one ping message whose allowed_mentions name exactly the seats to
// act. Messages later than the interaction token's 15 minutes go through
// the bot token.
package discord
