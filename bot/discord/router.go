package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Bot is the Discord adapter: it turns interactions into service calls and
// service results into Discord messages. It holds no rules and no storage.
type Bot struct {
	cfg Config
	svc *bot.Service
	log *slog.Logger
	api *discordgo.Session // REST with the bot token (and the gateway in gateway mode)
	// hooks serves the calls made with interactions' tokens (hook), renewed
	// every hookLife; hooksBorn is when.
	hookMu    sync.Mutex
	hooks     *discordgo.Session
	hooksBorn time.Time
	cmds      map[string]command
	appID     string
	timing    func(*Request, time.Duration) // observes the time to the initial response (benchmarks)
	posted    func(*Request, time.Duration) // observes the time until the response is complete, pictures included
	busy      atomic.Int64                  // interactions being served (tests and the drain wait for 0)
	ready     atomic.Bool                   // the gateway sessions are open, or the endpoint listens
	shards    []*shard                      // gateway mode: the sessions, one per shard (the first is api)
	// identifyWait separates the groups of shards that identify together
	// (Discord: one identify per rate-limit key every 5 seconds).
	identifyWait time.Duration
	// drawing holds a slot per picture being drawn: at most one less than
	// the cores at once, so that a burst of renders (CPU-bound) always
	// leaves a core to acknowledge interactions.
	drawing chan struct{}
	metrics bot.Metrics // the service's

	alwaysDefer bool // tests: take the deferred path for every interaction

	owner string // this process, to the store's scheduler (clock.go)
	waker waker  // when a computer's move is next due (computer.go)
}

// New builds a Bot without connecting anywhere.
func New(cfg Config, svc *bot.Service, log *slog.Logger) (*Bot, error) {
	if err := cfg.normalize(); err != nil {
		return nil, err
	}
	if svc == nil {
		return nil, fmt.Errorf("%w: no service", ErrConfig)
	}
	if cfg.DefaultGame != "" {
		if _, err := svc.Games().Get(cfg.DefaultGame); err != nil {
			return nil, fmt.Errorf("%w: DISCORD_DEFAULT_GAME %q is not a game this build offers", ErrConfig, cfg.DefaultGame)
		}
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("bot: session: %w", err)
	}
	s.Client = cfg.client()
	s.Client.Transport = restErrors{next: s.Client.Transport, m: svc.Metrics()}
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShouldRetryOnRateLimit = true
	s.MaxRestRetries = 3
	s.StateEnabled = false
	b := &Bot{cfg: cfg, svc: svc, log: log, api: s, appID: cfg.AppID, metrics: svc.Metrics(), identifyWait: 5 * time.Second, drawing: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-1)), owner: newOwner()}
	b.cmds = b.commands()
	return b, nil
}

// restErrors counts the REST calls to Discord that fail, by status.
type restErrors struct {
	next http.RoundTripper
	m    bot.Metrics
}

func (t restErrors) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	switch {
	case err != nil:
		if r.Context().Err() == nil {
			t.m.DiscordError("network")
		}
	case resp.StatusCode >= 400:
		t.m.DiscordError(strconv.Itoa(resp.StatusCode))
	}
	return resp, err
}

// hookLife is how long one session serves the calls made with
// interactions' tokens (hook). discordgo keeps a rate-limit bucket for
// every endpoint it has called and never drops one; these endpoints carry
// the token, so every interaction would add buckets for good. A token
// lives 15 minutes: a session older than that only holds dead buckets,
// and the next call gets a fresh one (calls under way keep the old one).
const hookLife = 20 * time.Minute

// hook is the session for the calls made with an interaction's token:
// the initial response, follow-ups, and edits and deletes of the
// response. They are not bound to the bot's global rate limit, and their
// buckets are the interaction's own.
func (b *Bot) hook() *discordgo.Session {
	now := b.cfg.Now()
	b.hookMu.Lock()
	defer b.hookMu.Unlock()
	if b.hooks == nil || now.Sub(b.hooksBorn) > hookLife {
		s, _ := discordgo.New("Bot " + b.cfg.Token) // cannot fail: New only fails on login arguments
		s.Client = b.api.Client
		s.ShouldRetryOnRateLimit = true
		s.MaxRestRetries = b.api.MaxRestRetries
		s.StateEnabled = false
		s.AddHandler(func(_ *discordgo.Session, rl *discordgo.RateLimit) {
			b.log.Warn("bot: discord rate limit", "url", b.redact(rl.URL), "retry_after", rl.RetryAfter)
			b.metrics.RateLimitWait(rl.RetryAfter)
		})
		b.hooks, b.hooksBorn = s, now
	}
	return b.hooks
}

// Request is one interaction as the handlers see it.
type Request struct {
	I       *discordgo.Interaction
	UserID  string      // Discord user ID
	User    bot.UserRef // the service's user: ID "discord:<id>"
	Channel string      // Discord channel (or thread) ID
	// Place is whether Channel is a thread, for the texts that name it;
	// the interaction's channel object says (placeOf).
	Place bot.Place
	Perms int64 // the member's permissions in the channel
	// Lang is the reader's language for private replies: the user's
	// Discord locale (lang.FromDiscord; English without a catalog).
	Lang     lang.Lang
	Received time.Time

	ack     time.Duration // time to the first response Discord had; 0 until then
	outcome string        // bot.Outcome*: how the interaction ended (metrics)
}

// key is the service's channel key.
func (r *Request) key() string { return channelKey(r.Channel) }

func channelKey(id string) string { return "discord:" + id }

func userKey(id string) string { return "discord:" + id }

// Response is a handler's answer: the initial response, and work to do
// after it has been sent (public posts, the turn ping).
//
// A handler decides (calls the service) and answers; whatever is slow or
// talks to Discord again comes after the acknowledgement: the pictures
// (Pictures, added to the response by an edit as soon as they are drawn),
// further messages (After), or, for a handler that must post before it can
// say anything (a new thread), the rest of its work (Later).
type Response struct {
	Type discordgo.InteractionResponseType
	Data *discordgo.InteractionResponseData
	// Pictures draws the response's images; serve adds them to the
	// response with an edit once drawn, before After.
	Pictures pictures
	// After runs once the response (and its pictures) are delivered.
	After func(ctx context.Context, p *poster)
	// Later, when set, is the rest of the handler: serve acknowledges the
	// interaction with a deferred response first (private for a private
	// command), then runs Later and fills the placeholder in with its
	// answer. Type and Data are not used.
	Later Handler
	// None sends nothing: a duplicate delivery that was answered before.
	None bool
}

// pictures draws a message's images (a board as one seat sees it).
type pictures func(ctx context.Context) ([]*discordgo.File, error)

func (r *Response) ephemeral() bool {
	return r.Data != nil && r.Data.Flags&discordgo.MessageFlagsEphemeral != 0
}

// Handler answers one interaction, shaped like net/http: it returns the
// response instead of writing it, so the same handler serves the gateway
// and HTTP interactions and a middleware can defer it.
type Handler func(ctx context.Context, r *Request) (*Response, error)

// newRequest is the request of interaction i, received at now as the
// JSON raw (which also tells whether its channel is a thread: placeOf).
func newRequest(i *discordgo.Interaction, raw []byte, now time.Time) *Request {
	r := &Request{I: i, Channel: i.ChannelID, Received: now, Lang: lang.FromDiscord(string(i.Locale)), Place: placeOf(raw)}
	var u *discordgo.User
	if i.Member != nil {
		u = i.Member.User
		r.Perms = i.Member.Permissions
	} else {
		u = i.User
	}
	if u != nil {
		r.UserID = u.ID
		name := u.GlobalName
		if i.Member != nil && i.Member.Nick != "" {
			name = i.Member.Nick
		}
		if name == "" {
			name = u.Username
		}
		r.User = bot.UserRef{ID: userKey(u.ID), Name: name}
	}
	return r
}

// placeOf reads from an interaction's JSON whether it was used in a
// thread: Discord sends the partial channel it was used in, with its type,
// which discordgo's Interaction leaves out. A thread (announcement 10,
// public 11, private 12) is bot.PlaceThread; any other channel, or none
// named, bot.PlaceChannel.
func placeOf(raw []byte) bot.Place {
	var p struct {
		Channel *struct {
			Type discordgo.ChannelType `json:"type"`
		} `json:"channel"`
	}
	if json.Unmarshal(raw, &p) != nil || p.Channel == nil {
		return bot.PlaceChannel
	}
	switch p.Channel.Type {
	case discordgo.ChannelTypeGuildNewsThread, discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread:
		return bot.PlaceThread
	}
	return bot.PlaceChannel
}

// route finds the handler of an interaction and whether its deferred
// placeholder should be private.
func (b *Bot) route(r *Request) (Handler, bool) {
	switch r.I.Type {
	case discordgo.InteractionApplicationCommand:
		c, ok := b.cmds[r.I.ApplicationCommandData().Name]
		if !ok {
			return b.unknown, true
		}
		if err := checkOptions(c.def, r.I.ApplicationCommandData().Options); err != nil {
			return badOptions(err), true
		}
		return c.run, c.private
	case discordgo.InteractionApplicationCommandAutocomplete:
		c, ok := b.cmds[r.I.ApplicationCommandData().Name]
		if !ok || c.complete == nil {
			return b.noChoices, true
		}
		if err := checkOptions(c.def, r.I.ApplicationCommandData().Options); err != nil {
			return badOptions(err), true
		}
		return c.complete, true
	case discordgo.InteractionMessageComponent:
		return b.component, true
	}
	return b.unknown, true
}

func (b *Bot) unknown(ctx context.Context, r *Request) (*Response, error) {
	return private(say(r.lang(), "discord.unknown-command")), nil
}

func (b *Bot) noChoices(ctx context.Context, r *Request) (*Response, error) {
	return choices(nil), nil
}

// serve runs the handler for one interaction and sends its answers.
// initial sends the initial response through the callback endpoint and
// returns once Discord has it (both modes), so every follow-up and edit
// comes after Discord knows the interaction's webhook. When the handler
// outlasts DeferAfter, or asks for it (Response.Later), the interaction is
// deferred first and the answer edits (or follows) the placeholder.
func (b *Bot) serve(ctx context.Context, r *Request, initial func(*discordgo.InteractionResponse) error) {
	b.busy.Add(1)
	defer b.busy.Add(-1)
	ctx = bot.WithLogAttrs(ctx, "interaction", r.I.ID, "channel", r.Channel, "user", r.UserID)
	r.outcome = bot.OutcomeOK
	defer func() {
		// Nothing an interaction does may stop the process.
		if p := recover(); p != nil {
			r.outcome = bot.OutcomeError
			b.log.ErrorContext(ctx, "bot: panic while answering", "interaction", r.I.ID, "panic", b.redactAny(p), "stack", string(debug.Stack()))
		}
		b.metrics.Interaction(commandLabel(r, b.cmds), r.outcome, r.ack, b.cfg.Now().Sub(r.Received))
	}()
	h, privateDefer := b.route(r)
	type result struct {
		resp *Response
		err  error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := b.call(ctx, r, h)
		done <- result{resp, err}
	}()
	timer := time.NewTimer(b.cfg.DeferAfter)
	defer timer.Stop()
	var res result
	deferred := discordgo.InteractionResponseType(0)
	deferNow := func() {
		if r.I.Type == discordgo.InteractionApplicationCommandAutocomplete {
			return // autocompletion cannot be deferred
		}
		d := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
		if r.I.Type == discordgo.InteractionMessageComponent {
			d.Type = discordgo.InteractionResponseDeferredMessageUpdate
		} else if privateDefer {
			// The placeholder's visibility is the answer's: flags cannot
			// change on the edit that fills it in. A deferred message may
			// carry no other flag (Discord).
			d.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		}
		if err := initial(d); err != nil {
			r.outcome = bot.OutcomeError
			b.logDiscord(ctx, r, "defer", err)
			return
		}
		deferred = d.Type
		b.observe(r)
	}
	if b.alwaysDefer {
		deferNow()
		res = <-done
	} else {
		select {
		case res = <-done:
		case <-timer.C:
			deferNow()
			res = <-done
		}
	}
	resp := b.answer(ctx, r, res.resp, res.err)
	for resp.Later != nil {
		if deferred == 0 {
			deferNow()
		}
		lr, err := b.call(ctx, r, resp.Later)
		resp = b.answer(ctx, r, lr, err)
	}
	if resp.None {
		if deferred == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			// Nothing to say after all (a duplicate): remove the placeholder.
			if err := b.retryWebhook(ctx, r, "delete placeholder", func() error { return b.deleteResponse(ctx, r) }); err != nil {
				b.logDiscord(ctx, r, "delete placeholder", err)
			}
		}
		return
	}
	p := &poster{b: b, r: r}
	if deferred == 0 {
		err := initial(&discordgo.InteractionResponse{Type: resp.Type, Data: resp.Data})
		if err != nil {
			r.outcome = bot.OutcomeError
			b.logDiscord(ctx, r, "respond", err)
			return
		}
		b.observe(r)
		if resp.Pictures != nil {
			files := b.draw(ctx, r, resp.Pictures)
			if len(files) > 0 {
				p.editOriginal(ctx, &discordgo.WebhookEdit{Files: files})
			}
		}
	} else {
		if resp.Pictures != nil && resp.Data != nil {
			d := *resp.Data
			d.Files = append(append([]*discordgo.File(nil), d.Files...), b.draw(ctx, r, resp.Pictures)...)
			resp.Data = &d
		}
		b.completeDeferred(ctx, r, deferred, privateDefer, resp, p)
	}
	if b.posted != nil {
		b.posted(r, b.cfg.Now().Sub(r.Received))
	}
	if resp.After != nil {
		resp.After(ctx, p)
	}
}

// call runs a handler; a panic becomes its error.
func (b *Bot) call(ctx context.Context, r *Request, h Handler) (resp *Response, err error) {
	defer func() {
		if p := recover(); p != nil {
			b.log.ErrorContext(ctx, "bot: handler panicked", "interaction", r.I.ID, "panic", b.redactAny(p), "stack", string(debug.Stack()))
			resp, err = nil, fmt.Errorf("bot: handler panicked: %v", p)
		}
	}()
	return h(ctx, r)
}

// draw runs a response's pictures; a failure is logged and the message
// goes out without them.
func (b *Bot) draw(ctx context.Context, r *Request, pics pictures) []*discordgo.File {
	files, err := pics(ctx)
	if err != nil {
		b.log.ErrorContext(ctx, "bot: drawing failed", "interaction", r.I.ID, "channel", r.Channel, "err", b.redactErr(err))
		return nil
	}
	return files
}

// observe records the time to the interaction's acknowledgement.
func (b *Bot) observe(r *Request) {
	if r.ack != 0 {
		return
	}
	r.ack = max(b.cfg.Now().Sub(r.Received), time.Nanosecond)
	if b.timing != nil {
		b.timing(r, r.ack)
	}
}

// commandLabel names an interaction for the metrics, from a fixed set:
// a command's name, "autocomplete:<name>", or "button:<action>" (the
// custom ID's first part; "button:lobby-join"...).
func commandLabel(r *Request, cmds map[string]command) string {
	switch r.I.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		name := r.I.ApplicationCommandData().Name
		if _, ok := cmds[name]; !ok {
			name = "unknown"
		}
		if r.I.Type == discordgo.InteractionApplicationCommandAutocomplete {
			return "autocomplete:" + name
		}
		return name
	case discordgo.InteractionMessageComponent:
		id, err := parseCustomID(r.I.MessageComponentData().CustomID)
		switch {
		case err != nil:
			return "button:unknown"
		case id.Action == "lobby":
			switch id.Arg {
			case "join", "leave", "start":
				return "button:lobby-" + id.Arg
			}
			return "button:lobby"
		}
		return "button:" + id.Action
	}
	return "other"
}

// respond sends an initial response through the callback endpoint (POST
// /interactions/{id}/{token}/callback), the one way in gateway mode and
// the way the bot uses in HTTP mode too: it returns once Discord has the
// response, so the interaction's webhook (follow-ups, edits) exists.
func (b *Bot) respond(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	if resp.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
		_, err := b.hook().RequestWithBucketID("POST", endpoint, wire(resp), endpoint, discordgo.WithContext(ctx))
		return err
	}
	return b.hook().InteractionRespond(i, resp, discordgo.WithContext(ctx))
}

// deleteResponse deletes the interaction's initial response (a deferred
// placeholder), in the interaction's own rate-limit bucket.
func (b *Bot) deleteResponse(ctx context.Context, r *Request) error {
	uri := discordgo.EndpointWebhookMessage(r.I.AppID, r.I.Token, "@original")
	_, err := b.hook().RequestWithBucketID("DELETE", uri, nil, uri, discordgo.WithContext(ctx))
	return err
}

// completeDeferred delivers a response whose interaction was deferred.
func (b *Bot) completeDeferred(ctx context.Context, r *Request, deferred discordgo.InteractionResponseType, privateDefer bool, resp *Response, p *poster) {
	d := resp.Data
	if d == nil {
		d = &discordgo.InteractionResponseData{}
	}
	edit := &discordgo.WebhookEdit{Content: &d.Content, Files: d.Files, AllowedMentions: d.AllowedMentions}
	if d.Components != nil { // an empty, non-nil list removes the components
		edit.Components = &d.Components
	}
	if d.Embeds != nil {
		edit.Embeds = &d.Embeds
	}
	switch {
	case deferred == discordgo.InteractionResponseDeferredMessageUpdate && resp.Type == discordgo.InteractionResponseUpdateMessage,
		deferred == discordgo.InteractionResponseDeferredChannelMessageWithSource && resp.ephemeral() == privateDefer:
		if len(d.Files) > 0 {
			none := []*discordgo.MessageAttachment{}
			edit.Attachments = &none
		}
		p.editOriginal(ctx, edit)
	default:
		// The placeholder has the wrong visibility (or a component's new
		// message): remove it and follow up instead.
		if deferred == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			if err := b.retryWebhook(ctx, r, "delete placeholder", func() error { return b.deleteResponse(ctx, r) }); err != nil {
				b.logDiscord(ctx, r, "delete placeholder", err)
			}
		}
		p.followup(ctx, d)
	}
}

// answer turns a handler's error into what the user sees: the core's
// explanation (bot.Service.Explain, the one place that words errors) as a
// private reply. Autocomplete gets no choices instead.
func (b *Bot) answer(ctx context.Context, r *Request, resp *Response, err error) *Response {
	if err == nil && resp != nil {
		return resp
	}
	if err == nil {
		err = errors.New("bot: handler returned no response")
	}
	if r.I.Type == discordgo.InteractionApplicationCommandAutocomplete {
		if bot.HostFault(err) {
			r.outcome = bot.OutcomeError
		}
		return choices(nil)
	}
	p := b.explain(ctx, r, err)
	r.outcome = bot.OutcomeRefused
	if bot.HostFault(err) {
		r.outcome = bot.OutcomeError
	}
	if p.ErrorID != "" {
		b.log.ErrorContext(ctx, "bot: interaction failed", "interaction", r.I.ID, "user", r.UserID, "channel", r.Channel, "error_id", p.ErrorID, "match", p.MatchID)
	}
	return private(problemText(p, r.lang(), r.Place))
}

// explain words err for r's reader, where r was used (bot.Service.ExplainAt).
func (b *Bot) explain(ctx context.Context, r *Request, err error) bot.Problem {
	return b.svc.ExplainAt(ctx, err, r.words(), r.Place)
}

// problemText presents an explained error to a reader at place: the
// core's text, then the broken rule's help and where to read more.
func problemText(p bot.Problem, l lang.Lang, place bot.Place) string {
	text := p.Text
	if p.Kind == bot.KindDamaged {
		text += "\n" + bot.Say(l, place.ID("discord.abort-how"))
	}
	if p.Topic != nil {
		text += "\n" + bot.Say(l, "discord.rule", "title", p.Topic.Title, "body", clipSentences(p.Topic.Body, 600)) +
			"\n" + bot.Say(l, "discord.more", "topic", p.Topic.ID)
	} else if p.TopicID != "" {
		text += "\n" + bot.Say(l, "discord.more", "topic", p.TopicID)
	}
	return text
}

// lang is the reader's language (English for a request built without one).
func (r *Request) lang() lang.Lang {
	if r == nil || !r.Lang.Valid() {
		return lang.English
	}
	return r.Lang
}

// words words the game-neutral part of a private reply in the reader's
// language; an error that names its game brings the game's words itself.
func (r *Request) words() engine.Words { return engine.Words{Lang: r.lang()} }

// logDiscord logs a failed Discord call; it never stops the process.
func (b *Bot) logDiscord(ctx context.Context, r *Request, what string, err error) {
	var rest *discordgo.RESTError
	var rl *discordgo.RateLimitError
	args := []any{"interaction", r.I.ID, "channel", r.Channel, "call", what, "err", b.redactErr(err)}
	switch {
	case errors.As(err, &rl):
		args = append(args, "retry_after", rl.RetryAfter)
		b.log.WarnContext(ctx, "bot: discord rate limit", args...)
	case errors.As(err, &rest) && rest.Message != nil:
		args = append(args, "status", rest.Response.StatusCode, "code", rest.Message.Code)
		b.log.ErrorContext(ctx, "bot: discord refused a call", args...)
	default:
		b.log.ErrorContext(ctx, "bot: discord call failed", args...)
	}
}

// wire is the JSON of an initial response. discordgo drops an empty
// choices list (omitempty), but Discord needs the field in an autocomplete
// answer, so that one is written by hand.
func wire(resp *discordgo.InteractionResponse) any {
	if resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		return resp
	}
	cs := []*discordgo.ApplicationCommandOptionChoice{}
	if resp.Data != nil && resp.Data.Choices != nil {
		cs = resp.Data.Choices
	}
	return map[string]any{"type": resp.Type, "data": map[string]any{"choices": cs}}
}

// private is an ephemeral text reply.
func private(text string) *Response { return privateResponse(privateData(text)) }

func choices(cs []*discordgo.ApplicationCommandOptionChoice) *Response {
	if cs == nil {
		cs = []*discordgo.ApplicationCommandOptionChoice{}
	}
	return &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: &discordgo.InteractionResponseData{Choices: cs}}
}

func noPings() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// clip shortens s to at most n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// withToken is a menu option's description help followed by the move
// token it stands for, in at most n characters: the help is cut, never
// the token.
func withToken(help, token string, n int) string {
	if help == "" {
		return clip(token, n)
	}
	tail := " · " + token
	return clip(help, max(1, n-len([]rune(tail)))) + tail
}

// poster sends messages after the initial response: through the
// interaction token while it lives (15 minutes, with a margin), through
// the bot token afterwards or in another channel.
type poster struct {
	b *Bot
	r *Request
}

const tokenMargin = 14 * time.Minute

func (p *poster) tokenAlive() bool { return p.b.cfg.Now().Sub(p.r.Received) < tokenMargin }

func (p *poster) followup(ctx context.Context, d *discordgo.InteractionResponseData) {
	p.send(ctx, p.r.Channel, d)
}

// editOriginal edits the interaction's initial response (adding its
// pictures, or filling a deferred placeholder in).
func (p *poster) editOriginal(ctx context.Context, edit *discordgo.WebhookEdit) {
	files := rereadable(edit.Files)
	err := p.b.retryWebhook(ctx, p.r, "edit response", func() error {
		e := *edit
		e.Files = files()
		if len(e.Files) > 0 {
			_, err := p.b.hook().InteractionResponseEdit(p.r.I, &e, discordgo.WithContext(ctx))
			return err
		}
		// discordgo puts every edit without files in one rate-limit bucket
		// ("/webhooks//"), which would serialize all interactions' edits;
		// the bucket is the interaction's own.
		uri := discordgo.EndpointWebhookMessage(p.r.I.AppID, p.r.I.Token, "@original")
		_, err := p.b.hook().RequestWithBucketID("PATCH", uri, &e, uri, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		p.b.logDiscord(ctx, p.r, "edit response", err)
	}
}

// send posts a message in channel.
func (p *poster) send(ctx context.Context, channel string, d *discordgo.InteractionResponseData) {
	files := rereadable(d.Files)
	if channel == p.r.Channel && p.tokenAlive() {
		err := p.b.retryWebhook(ctx, p.r, "follow-up", func() error {
			_, err := p.b.hook().FollowupMessageCreate(p.r.I, true, &discordgo.WebhookParams{
				Content: d.Content, Components: d.Components, Embeds: d.Embeds, Files: files(),
				AllowedMentions: d.AllowedMentions, Flags: d.Flags,
			}, discordgo.WithContext(ctx))
			return err
		})
		if err != nil {
			p.b.logDiscord(ctx, p.r, "follow-up", err)
		}
		return
	}
	if d.Flags&discordgo.MessageFlagsEphemeral != 0 {
		// Private replies exist only through the interaction; after the
		// token has expired there is nobody to show them to.
		p.b.log.WarnContext(ctx, "bot: private reply dropped, the interaction token expired", "interaction", p.r.I.ID)
		return
	}
	_, err := p.b.api.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content: d.Content, Components: d.Components, Embeds: d.Embeds, Files: files(),
		AllowedMentions: d.AllowedMentions, Flags: d.Flags,
	}, discordgo.WithContext(ctx))
	if err != nil {
		p.b.logDiscord(ctx, p.r, "channel message", err)
	}
}

// webhookRetries are the waits before each new attempt of a call through
// the interaction's webhook that Discord refused with Unknown Webhook
// (404, code 10015). The bot calls the webhook only after Discord has
// acknowledged the initial response, but Discord's webhook can still be
// unknown for a few seconds after that (discord-api-docs #7220); a 404 on
// a webhook must not be retried without bound, so the attempts are few.
var webhookRetries = []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second}

// retryWebhook runs call, again after each of webhookRetries while it
// fails with Unknown Webhook.
func (b *Bot) retryWebhook(ctx context.Context, r *Request, what string, call func() error) error {
	for attempt := 0; ; attempt++ {
		err := call()
		if err == nil || !unknownWebhook(err) || attempt == len(webhookRetries) {
			return err
		}
		b.log.WarnContext(ctx, "bot: discord does not know the interaction's webhook yet; retrying", "interaction", r.I.ID, "call", what, "attempt", attempt+1)
		select {
		case <-time.After(webhookRetries[attempt]):
		case <-ctx.Done():
			return err
		}
	}
}

func unknownWebhook(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownWebhook
}

// rereadable returns a function giving fresh copies of files, so that a
// retried upload sends the same bytes again (a reader is read once).
func rereadable(files []*discordgo.File) func() []*discordgo.File {
	if len(files) == 0 {
		return func() []*discordgo.File { return nil }
	}
	data := make([][]byte, len(files))
	for i, f := range files {
		if b, ok := f.Reader.(*bytes.Reader); ok {
			data[i] = make([]byte, b.Size())
			b.ReadAt(data[i], 0)
			continue
		}
		data[i], _ = io.ReadAll(f.Reader)
	}
	return func() []*discordgo.File {
		out := make([]*discordgo.File, len(files))
		for i, f := range files {
			out[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(data[i])}
		}
		return out
	}
}
