package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
)

// Bot is the Discord adapter: it turns interactions into service calls and
// service results into Discord messages. It holds no rules and no storage.
type Bot struct {
	cfg    Config
	svc    *bot.Service
	log    *slog.Logger
	api    *discordgo.Session // REST with the bot token (and the gateway in gateway mode)
	cmds   map[string]command
	appID  string
	timing func(*Request, time.Duration) // observes the time to the initial response (benchmarks)
	busy   atomic.Int64                  // interactions being served (tests wait for 0)

	alwaysDefer bool // tests: take the deferred path for every interaction
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
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShouldRetryOnRateLimit = true
	s.MaxRestRetries = 3
	s.StateEnabled = false
	b := &Bot{cfg: cfg, svc: svc, log: log, api: s, appID: cfg.AppID}
	b.cmds = b.commands()
	return b, nil
}

// Request is one interaction as the handlers see it.
type Request struct {
	I        *discordgo.Interaction
	UserID   string      // Discord user ID
	User     bot.UserRef // the service's user: ID "discord:<id>"
	Channel  string      // Discord channel (or thread) ID
	Perms    int64       // the member's permissions in the channel
	Received time.Time
}

// key is the service's channel key.
func (r *Request) key() string { return channelKey(r.Channel) }

func channelKey(id string) string { return "discord:" + id }

func userKey(id string) string { return "discord:" + id }

// Response is a handler's answer: the initial response, and work to do
// after it has been sent (public posts, the turn ping).
type Response struct {
	Type  discordgo.InteractionResponseType
	Data  *discordgo.InteractionResponseData
	After func(ctx context.Context, p *poster)
	// None sends nothing: a duplicate delivery that was answered before.
	None bool
}

func (r *Response) ephemeral() bool {
	return r.Data != nil && r.Data.Flags&discordgo.MessageFlagsEphemeral != 0
}

// Handler answers one interaction, shaped like net/http: it returns the
// response instead of writing it, so the same handler serves the gateway
// and HTTP interactions and a middleware can defer it.
type Handler func(ctx context.Context, r *Request) (*Response, error)

func newRequest(i *discordgo.Interaction, now time.Time) *Request {
	r := &Request{I: i, Channel: i.ChannelID, Received: now}
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
	return private("I do not know this command; the bot may have been updated. Try again in a minute."), nil
}

func (b *Bot) noChoices(ctx context.Context, r *Request) (*Response, error) {
	return choices(nil), nil
}

// serve runs the handler for one interaction and sends its answers.
// initial sends the initial response (REST in gateway mode, the HTTP body
// in HTTP mode). When the handler outlasts DeferAfter the interaction is
// deferred first and the answer edits (or follows) the placeholder.
func (b *Bot) serve(ctx context.Context, r *Request, initial func(*discordgo.InteractionResponse) error) {
	b.busy.Add(1)
	defer b.busy.Add(-1)
	defer func() {
		// Nothing an interaction does may stop the process.
		if p := recover(); p != nil {
			b.log.ErrorContext(ctx, "bot: panic while answering", "interaction", r.I.ID, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	h, privateDefer := b.route(r)
	type result struct {
		resp *Response
		err  error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				b.log.ErrorContext(ctx, "bot: handler panicked", "interaction", r.I.ID, "panic", p, "stack", string(debug.Stack()))
				done <- result{nil, fmt.Errorf("bot: handler panicked: %v", p)}
			}
		}()
		resp, err := h(ctx, r)
		done <- result{resp, err}
	}()
	timer := time.NewTimer(b.cfg.DeferAfter)
	defer timer.Stop()
	var res result
	deferred := discordgo.InteractionResponseType(0)
	late := false
	if b.alwaysDefer {
		late = true
	} else {
		select {
		case res = <-done:
		case <-timer.C:
			late = true
		}
	}
	if late {
		d := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
		if r.I.Type == discordgo.InteractionMessageComponent {
			d.Type = discordgo.InteractionResponseDeferredMessageUpdate
		} else if privateDefer {
			d.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		} else {
			// Flags cannot change on the edit that fills the placeholder in,
			// and a public answer (a board post) must stay silent: the turn's
			// ping is its own message.
			d.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsSuppressNotifications}
		}
		if r.I.Type != discordgo.InteractionApplicationCommandAutocomplete {
			if err := initial(d); err != nil {
				b.logDiscord(ctx, r, "defer", err)
			} else {
				deferred = d.Type
				b.observe(r)
			}
		}
		res = <-done
	}
	resp := b.answer(ctx, r, res.resp, res.err)
	if resp.None {
		if deferred == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			// Nothing to say after all (a duplicate): remove the placeholder.
			if err := b.api.InteractionResponseDelete(r.I); err != nil {
				b.logDiscord(ctx, r, "delete placeholder", err)
			}
		}
		return
	}
	p := &poster{b: b, r: r}
	if deferred == 0 {
		err := initial(&discordgo.InteractionResponse{Type: resp.Type, Data: resp.Data})
		b.observe(r)
		if err != nil {
			b.logDiscord(ctx, r, "respond", err)
			return
		}
	} else {
		b.completeDeferred(ctx, r, deferred, privateDefer, resp, p)
	}
	if resp.After != nil {
		resp.After(ctx, p)
	}
}

func (b *Bot) observe(r *Request) {
	if b.timing != nil {
		b.timing(r, b.cfg.Now().Sub(r.Received))
	}
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
		if _, err := b.api.InteractionResponseEdit(r.I, edit); err != nil {
			b.logDiscord(ctx, r, "edit deferred response", err)
		}
	default:
		// The placeholder has the wrong visibility (or a component's new
		// message): remove it and follow up instead.
		if deferred == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			if err := b.api.InteractionResponseDelete(r.I); err != nil {
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
		return choices(nil)
	}
	p := b.svc.Explain(ctx, err)
	if p.ErrorID != "" {
		b.log.ErrorContext(ctx, "bot: interaction failed", "interaction", r.I.ID, "user", r.UserID, "channel", r.Channel, "error_id", p.ErrorID)
	}
	return private(problemText(p))
}

// problemText presents an explained error: the core's text, then the
// broken rule's help and where to read more.
func problemText(p bot.Problem) string {
	text := p.Text
	if p.Topic != nil {
		text += fmt.Sprintf("\nRule: **%s** - %s\nMore: `/rules topic:%s`", p.Topic.Title, clip(p.Topic.Body, 600), p.Topic.ID)
	} else if p.TopicID != "" {
		text += fmt.Sprintf("\nMore: `/rules topic:%s`", p.TopicID)
	}
	return text
}

// logDiscord logs a failed Discord call; it never stops the process.
func (b *Bot) logDiscord(ctx context.Context, r *Request, what string, err error) {
	var rest *discordgo.RESTError
	var rl *discordgo.RateLimitError
	args := []any{"interaction", r.I.ID, "channel", r.Channel, "call", what, "err", err}
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

// send posts a message in channel.
func (p *poster) send(ctx context.Context, channel string, d *discordgo.InteractionResponseData) {
	if channel == p.r.Channel && p.tokenAlive() {
		_, err := p.b.api.FollowupMessageCreate(p.r.I, true, &discordgo.WebhookParams{
			Content: d.Content, Components: d.Components, Embeds: d.Embeds, Files: d.Files,
			AllowedMentions: d.AllowedMentions, Flags: d.Flags,
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
		Content: d.Content, Components: d.Components, Embeds: d.Embeds, Files: d.Files,
		AllowedMentions: d.AllowedMentions, Flags: d.Flags,
	})
	if err != nil {
		p.b.logDiscord(ctx, p.r, "channel message", err)
	}
}
