package discord

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// colourIn is a seat's letter and colour with the colour's name in l.
func colourIn(seat int, l lang.Lang) string {
	return render.Seat(seat).Letter + ", " + bot.ColourName(l, seat)
}

// withColour is a name followed by its seat's letter and colour in
// parentheses, or in brackets when the name ends in a parenthesis of its
// own (a computer's: "Computer (easy) [B, sky blue]", not "(easy) (B,").
func withColour(name string, seat int, l lang.Lang) string {
	if strings.HasSuffix(strings.TrimRight(name, "*"), ")") { // bold ends in **
		return name + " [" + colourIn(seat, l) + "]"
	}
	return name + " (" + colourIn(seat, l) + ")"
}

// Discord permission bits that make a member a moderator of a match.
const moderatorPerms = discordgo.PermissionManageChannels | discordgo.PermissionAdministrator

// defaultGame is the game /play starts when none is named: the operator's
// DISCORD_DEFAULT_GAME, else the only game when the build offers one, else
// none (then /play asks for a game).
func (b *Bot) defaultGame() string {
	if b.cfg.DefaultGame != "" {
		return b.cfg.DefaultGame
	}
	if gs := b.svc.Games().Games(); len(gs) == 1 {
		return gs[0].Info().ID
	}
	return ""
}

// gameList names every game on offer in l, for messages: "Name (`id`),
// ...".
func (b *Bot) gameList(l lang.Lang) string {
	var out []string
	for _, g := range b.svc.Games().Games() {
		out = append(out, fmt.Sprintf("%s (`%s`)", engine.WordsFor(g.Info(), l, nil).GameName(), g.Info().ID))
	}
	return strings.Join(out, ", ")
}

// noGame refuses a command that names no game, or one that is not on
// offer, listing the games in the reader's language l.
func (b *Bot) noGame(l lang.Lang, id string, kv ...string) *bot.Error {
	e := refusal(bot.KindInvalid, id, append(kv, "games", b.gameList(lang.English))...)
	e.DetailMsg.Data["games"] = b.gameList(l)
	return e
}

// game finds the game a command names (an ID as the autocomplete fills
// in, or a name as a person types it), else the default one; a refusal
// lists the games in l.
func (b *Bot) game(named string, l lang.Lang) (engine.Game, error) {
	named = strings.TrimSpace(named)
	if named == "" {
		named = b.defaultGame()
		if named == "" {
			return nil, b.noGame(l, "discord.detail.choose-game")
		}
	}
	for _, g := range b.svc.Games().Games() {
		if strings.EqualFold(g.Info().ID, named) || strings.EqualFold(g.Info().Name, named) ||
			strings.EqualFold(engine.WordsFor(g.Info(), l, nil).GameName(), named) {
			return g, nil
		}
	}
	return nil, b.noGame(l, "discord.detail.no-game", "name", bot.Echoed(named))
}

// options reads a command's options by name.
func options(r *Request) map[string]*discordgo.ApplicationCommandInteractionDataOption {
	out := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range r.I.ApplicationCommandData().Options {
		out[o.Name] = o
	}
	return out
}

// focused is what the user has typed so far in the option being
// autocompleted, and that option's name.
func focused(r *Request) (typed, name string) {
	for _, o := range r.I.ApplicationCommandData().Options {
		if o.Focused {
			return o.StringValue(), o.Name
		}
	}
	return "", ""
}

// parseOptions reads "key=value key2=value2" (commas also separate).
func parseOptions(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		k, v, ok := strings.Cut(f, "=")
		if !ok || k == "" {
			return nil, refusal(bot.KindInvalid, "discord.detail.option-form", "option", bot.Echoed(f))
		}
		out[strings.ToLower(k)] = v
	}
	return out, nil
}

// play opens a lobby here or in a new thread.
func (b *Bot) play(ctx context.Context, r *Request) (*Response, error) {
	opts := options(r)
	named := ""
	if o, ok := opts["game"]; ok {
		named = o.StringValue()
	}
	g, err := b.game(named, r.lang())
	if err != nil {
		return nil, err
	}
	req := bot.CreateRequest{Channel: r.key(), Server: serverKey(r.I.GuildID), Game: g.Info().ID, Creator: r.User, Place: r.Place}
	if req.Clock, err = b.playClock(ctx, r); err != nil {
		return nil, err
	}
	if req.Lang, err = b.playLang(ctx, r); err != nil {
		return nil, err
	}
	if o, ok := opts["options"]; ok {
		m, err := parseOptions(o.StringValue())
		if err != nil {
			return nil, err
		}
		req.Options = m
	}
	if o, ok := opts["players"]; ok {
		// At most that many players; the game's minimum still applies.
		req.MinSeats, req.MaxSeats = min(g.Info().MinSeats, int(o.IntValue())), int(o.IntValue())
	}
	hi := g.Info().MaxSeats
	if req.MaxSeats != 0 {
		hi = req.MaxSeats
	}
	computers, level, err := playComputers(r, hi)
	if err != nil {
		return nil, err
	}
	if o, ok := opts["thread"]; ok && o.BoolValue() {
		if miss := missingForThread(r); miss != 0 {
			return nil, errThreadPermissions(r.lang(), r.Place, miss)
		}
		// Opening the thread is a call to Discord: acknowledge first.
		name := engine.WordsFor(g.Info(), req.Lang, nil).GameName()
		return &Response{Later: func(ctx context.Context, r *Request) (*Response, error) {
			return b.playInThread(ctx, r, name, req, computers, level)
		}}, nil
	}
	m, err := b.createWithComputers(ctx, req, computers, level)
	if err != nil {
		return nil, err
	}
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: lobbyMessage(m), After: warnPosts(r)}, nil
}

// warnPosts tells whoever opened a match, privately, which permissions
// the bot lacks in the channel (or thread) where /play was used for its
// own posts (nil: none lacking).
func warnPosts(r *Request) func(ctx context.Context, p *poster) {
	miss := missingForPosts(r)
	if miss == 0 {
		return nil
	}
	l := r.lang()
	return func(ctx context.Context, p *poster) {
		p.followup(ctx, privateData(bot.Say(l, r.Place.ID("discord.permission.post-warning"), "perms", permNames(l, miss))))
	}
}

// createWithComputers opens the lobby and seats the computers /play
// asked for.
func (b *Bot) createWithComputers(ctx context.Context, req bot.CreateRequest, computers int, level string) (bot.Match, error) {
	m, err := b.svc.CreateMatch(ctx, req)
	if err != nil {
		return m, err
	}
	for range computers {
		if m, err = b.svc.AddComputer(ctx, bot.ByID(m.ID), req.Creator.ID, level); err != nil {
			return m, err
		}
	}
	return m, nil
}

// playInThread opens a public thread for the match; the lobby is posted
// there with the bot token and the channel gets a pointer to it. Used in
// a thread (a match's), it opens the new thread beside it, in the
// thread's channel: Discord opens no thread inside a thread.
func (b *Bot) playInThread(ctx context.Context, r *Request, game string, req bot.CreateRequest, computers int, level string) (*Response, error) {
	start := func(channel string) (*discordgo.Channel, error) {
		return b.api.ThreadStartComplex(channel, &discordgo.ThreadStart{
			Name: clip(say(req.Lang, "discord.threads.name", "game", game, "who", r.User.Name), 100), Type: discordgo.ChannelTypeGuildPublicThread,
			AutoArchiveDuration: 10080,
		}, discordgo.WithContext(ctx))
	}
	th, err := start(r.Channel)
	if discordCode(err) == discordgo.ErrCodeCannotExecuteActionOnThisChannelType {
		// Only then is it worth asking Discord what the channel is.
		if ch, cerr := b.api.Channel(r.Channel, discordgo.WithContext(ctx)); cerr == nil && ch.IsThread() && ch.ParentID != "" {
			th, err = start(ch.ParentID)
		}
	}
	if err != nil {
		if deniedByDiscord(err) {
			// Discord knows better than the interaction's app_permissions
			// (a channel override changed since): name all it takes.
			miss := permsThread &^ r.I.AppPermissions
			if miss == 0 {
				miss = permsThread &^ discordgo.PermissionViewChannel
			}
			return nil, errThreadPermissions(r.lang(), r.Place, miss)
		}
		return nil, fmt.Errorf("bot: open thread: %w", err)
	}
	req.Channel, req.Place = channelKey(th.ID), bot.PlaceThread
	m, err := b.createWithComputers(ctx, req, computers, level)
	if err != nil {
		return nil, err
	}
	lobby := lobbyMessage(m)
	return &Response{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: say(req.Lang, "discord.threads.opened", "who", r.User.Name, "game", game, "thread", "<#"+th.ID+">"), AllowedMentions: noPings()},
		After: func(ctx context.Context, p *poster) {
			p.send(ctx, th.ID, lobby)
			if warn := warnPosts(r); warn != nil {
				warn(ctx, p)
			}
		},
	}, nil
}

// lobbyMessage shows the seats and the Join / Leave / Start buttons.
func lobbyMessage(m bot.Match) *discordgo.InteractionResponseData {
	lo, hi := m.SeatRange()
	w := m.Words()
	l, game := w.Lang, w.GameName()
	var b strings.Builder
	switch m.Status {
	case bot.StatusLobby:
		b.WriteString(say(l, "discord.lobby.open", "game", game, "players", playerRangeIn(l, lo, hi)))
	case bot.StatusAborted:
		b.WriteString(say(l, "discord.lobby.closed", "game", game))
	default:
		b.WriteString(say(l, "discord.lobby.started", "game", game))
	}
	b.WriteString("\n")
	for i, s := range m.Seats {
		fmt.Fprintf(&b, "%d. %s", i+1, withColour(s.NameIn(l), i, l))
		if s.UserID == m.Creator {
			b.WriteString(" - " + say(l, "discord.lobby.creator"))
		}
		b.WriteString("\n")
	}
	if len(m.Options) > 0 {
		keys := make([]string, 0, len(m.Options))
		for k := range m.Options {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteString(say(l, "discord.lobby.options"))
		for _, k := range keys {
			fmt.Fprintf(&b, " %s=%s", k, m.Options[k])
		}
		b.WriteString("\n")
	}
	d := &discordgo.InteractionResponseData{AllowedMentions: noPings(), Components: []discordgo.MessageComponent{}}
	if m.Status == bot.StatusLobby {
		if len(m.Seats) >= lo {
			b.WriteString(say(l, "discord.lobby.can-start"))
		} else {
			b.WriteString(say(l, "discord.lobby.waiting", "count", strconv.Itoa(lo-len(m.Seats))))
		}
		d.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: say(l, "discord.lobby.join"), Style: discordgo.PrimaryButton, CustomID: customID{Action: "lobby", Match: m.ID, Arg: "join"}.String()},
			discordgo.Button{Label: say(l, "discord.lobby.leave"), Style: discordgo.SecondaryButton, CustomID: customID{Action: "lobby", Match: m.ID, Arg: "leave"}.String()},
			discordgo.Button{Label: say(l, "discord.lobby.start"), Style: discordgo.SuccessButton, CustomID: customID{Action: "lobby", Match: m.ID, Arg: "start"}.String(), Disabled: len(m.Seats) < lo},
		}}, computerRow(m)}
	}
	d.Content = strings.TrimSpace(b.String())
	return d
}

// playerRangeIn is "2 players", "2 to 4 players" in l.
func playerRangeIn(l lang.Lang, lo, hi int) string {
	if lo == hi {
		return say(l, "players", "count", strconv.Itoa(lo))
	}
	return say(l, "discord.lobby.player-range", "lo", strconv.Itoa(lo), "hi", strconv.Itoa(hi))
}

// lobbyButton handles Join, Leave and Start on a lobby message.
func (b *Bot) lobbyButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	ref := bot.ByID(c.Match)
	if strings.HasPrefix(c.Arg, computerAdd) {
		return b.computerButton(ctx, r, c)
	}
	switch c.Arg {
	case "join":
		m, err := b.svc.Join(ctx, ref, r.User)
		if err != nil {
			return nil, err
		}
		return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: lobbyMessage(m)}, nil
	case "leave":
		m, err := b.svc.Leave(ctx, ref, r.User.ID)
		if err != nil {
			return nil, err
		}
		return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: lobbyMessage(m)}, nil
	case "start":
		o, err := b.svc.Start(ctx, ref, r.User.ID)
		if err != nil {
			return nil, err
		}
		post, board := b.turnPost(o, say(o.Match.Words().Lang, "discord.lobby.started-by", "who", r.User.Name))
		return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: lobbyMessage(o.Match),
			After: func(ctx context.Context, p *poster) {
				p.send(ctx, r.Channel, b.withPictures(ctx, r, post, board))
				afterMove(r, o)(ctx, p) // a start has no acting seat: just the ping
				b.wake(o.Match)
			}}, nil
	}
	return nil, fmt.Errorf("%w %q", errBadCustomID, c.String())
}

// leave is /leave: out of the lobby, or a resignation during play.
func (b *Bot) leave(ctx context.Context, r *Request) (*Response, error) {
	before, err := b.svc.Get(ctx, bot.InChannel(r.key()))
	if err != nil {
		return nil, err
	}
	if before.Status == bot.StatusActive {
		return b.resign(ctx, r)
	}
	m, err := b.svc.Leave(ctx, bot.ByID(before.ID), r.User.ID)
	if err != nil {
		return nil, err
	}
	l := m.Words().Lang
	text := say(l, "discord.lobby.left", "who", r.User.Name)
	if m.Status == bot.StatusAborted {
		text += " " + say(l, "discord.lobby.left-empty")
	}
	resp := announce(text)
	resp.After = func(ctx context.Context, p *poster) { b.refreshLobby(ctx, p, m) }
	return resp, nil
}

// lobbyScan is how many of a channel's latest messages refreshLobby reads
// to find a lobby message (Discord's most per request).
const lobbyScan = 100

// refreshLobby brings the lobby message of m up to date after a change
// made by a command (/leave, /abort) rather than by its buttons, whose
// answer updates it in place: it finds the message among the channel's
// latest ones by its Join button and edits it with the bot token.
func (b *Bot) refreshLobby(ctx context.Context, p *poster, m bot.Match) {
	channel := discordID(m.Channel)
	msgs, err := b.api.ChannelMessages(channel, lobbyScan, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		b.logDiscord(ctx, p.r, "read messages", err)
		return
	}
	join := customID{Action: "lobby", Match: m.ID, Arg: "join"}.String()
	for _, msg := range msgs {
		if !hasComponent(msg.Components, join) {
			continue
		}
		d := lobbyMessage(m)
		_, err := b.api.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msg.ID, Channel: channel,
			Content: &d.Content, Components: &d.Components, AllowedMentions: d.AllowedMentions}, discordgo.WithContext(ctx))
		if err != nil {
			b.logDiscord(ctx, p.r, "edit lobby", err)
		}
		return
	}
	b.log.InfoContext(ctx, "bot: lobby message not among the channel's latest", "match", m.ID, "channel", channel, "read", len(msgs))
}

// hasComponent reports whether a message's components include customID.
func hasComponent(cs []discordgo.MessageComponent, customID string) bool {
	for _, c := range cs {
		switch c := c.(type) {
		case *discordgo.ActionsRow:
			if hasComponent(c.Components, customID) {
				return true
			}
		case discordgo.ActionsRow:
			if hasComponent(c.Components, customID) {
				return true
			}
		case *discordgo.Button:
			if c.CustomID == customID {
				return true
			}
		case discordgo.Button:
			if c.CustomID == customID {
				return true
			}
		}
	}
	return false
}

// resign ends the match for everyone.
func (b *Bot) resign(ctx context.Context, r *Request) (*Response, error) {
	o, err := b.svc.Resign(ctx, bot.InChannel(r.key()), r.User.ID)
	if err != nil {
		return nil, err
	}
	// The public post is in the match's language, like every narration.
	return announce(strings.Join(o.Narration(engine.Spectator, o.Match.Words()), " ") + "."), nil
}

// abort stops the match: its creator, or a member with Manage Channels.
func (b *Bot) abort(ctx context.Context, r *Request) (*Response, error) {
	mod := r.Perms&moderatorPerms != 0
	m, err := b.svc.Abort(ctx, bot.InChannel(r.key()), r.User.ID, mod)
	if errors.Is(err, bot.ErrBadData) {
		return b.abortDamaged(ctx, r, mod)
	}
	if err != nil {
		return nil, err
	}
	w := m.Words()
	resp := announce(say(w.Lang, "discord.lobby.aborted", "who", r.User.Name, "game", w.GameName()))
	if m.Play == nil { // a lobby: its message must not offer Join any more
		resp.After = func(ctx context.Context, p *poster) { b.refreshLobby(ctx, p, m) }
	}
	return resp, nil
}

// abortDamaged is /abort on a match whose stored data is damaged: its
// creator or a moderator gets what can still be read of it as a match
// record attached to a private answer; the channel is told and freed.
func (b *Bot) abortDamaged(ctx context.Context, r *Request, mod bool) (*Response, error) {
	sv, err := b.svc.AbortDamaged(ctx, bot.InChannel(r.key()), r.User.ID, mod)
	if err != nil {
		return nil, err
	}
	b.log.WarnContext(ctx, "bot: damaged match aborted", "match", sv.MatchID, "user", r.UserID, "channel", r.Channel,
		"moves_salvaged", sv.Moves)
	d := privateData(say(r.lang(), r.Place.ID("discord.abort.damaged"), "id", sv.MatchID, "n", strconv.Itoa(sv.Moves)))
	d.Files = []*discordgo.File{{Name: "match-" + sv.MatchID + "-salvaged.txt", ContentType: "text/plain; charset=utf-8", Reader: strings.NewReader(sv.Record)}}
	// The damaged match's own language cannot be read: the channel is
	// told in the server's.
	gl, err := b.guildLang(ctx, r)
	if err != nil {
		gl = lang.English
	}
	note := announce(say(gl, r.Place.ID("discord.abort.damaged-note"), "who", r.User.Name, "id", sv.MatchID)).Data
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d,
		After: func(ctx context.Context, p *poster) { p.send(ctx, r.Channel, note) }}, nil
}

// announce is a public message that pings nobody.
func announce(text string) *Response {
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: clip(text, 2000), AllowedMentions: noPings()}}
}

// completePlay autocompletes /play: the game from every game on offer, the
// options from that game's option keys and values.
func (b *Bot) completePlay(ctx context.Context, r *Request) (*Response, error) {
	typed, name := focused(r)
	switch name {
	case "game":
		return choices(b.gameChoices(typed, r.lang())), nil
	case "options":
		named := ""
		if o, ok := options(r)["game"]; ok {
			named = o.StringValue()
		}
		g, err := b.game(named, r.lang())
		if err != nil {
			return choices(nil), nil
		}
		return choices(optionChoices(engine.WordsFor(g.Info(), r.lang(), nil), typed)), nil
	}
	return choices(nil), nil
}

// gameChoices lists the games whose ID or name contains what was typed.
func (b *Bot) gameChoices(typed string, l lang.Lang) []*discordgo.ApplicationCommandOptionChoice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var cs []*discordgo.ApplicationCommandOptionChoice
	for _, g := range b.svc.Games().Games() {
		info := g.Info()
		name := engine.WordsFor(info, l, nil).GameName()
		if !strings.Contains(strings.ToLower(info.ID), typed) && !strings.Contains(strings.ToLower(info.Name), typed) &&
			!strings.Contains(strings.ToLower(name), typed) {
			continue
		}
		label := fmt.Sprintf("%s (%s)", name, playerRangeIn(l, info.MinSeats, info.MaxSeats))
		cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: clip(label, 100), Value: info.ID})
		if len(cs) == 25 {
			break
		}
	}
	return cs
}

// optionChoices completes "key=value key2=value2" as typed: the pair being
// typed from the game's option keys and their allowed values (a free-form
// option offers its default), after the pairs already there. Each is named
// by the pair, the default marked, and the option's help as w words it,
// cut after a word to Discord's 100 characters (clipWords).
func optionChoices(w engine.Words, typed string) []*discordgo.ApplicationCommandOptionChoice {
	specs := w.Info.Options
	sep := func(r rune) bool { return r == ' ' || r == ',' }
	fields := strings.FieldsFunc(typed, sep)
	cur := ""
	if len(fields) > 0 && typed != "" && !sep(rune(typed[len(typed)-1])) {
		cur, fields = fields[len(fields)-1], fields[:len(fields)-1]
	}
	done := map[string]bool{}
	for _, f := range fields {
		k, _, _ := strings.Cut(f, "=")
		done[strings.ToLower(k)] = true
	}
	before := strings.Join(fields, " ")
	if before != "" {
		before += " "
	}
	key, part, hasValue := strings.Cut(cur, "=")
	key = strings.ToLower(key)
	var cs []*discordgo.ApplicationCommandOptionChoice
	add := func(o engine.OptionSpec, v string) {
		value := before + o.Key + "=" + v
		if len(cs) == 25 || len(value) > 100 {
			return
		}
		pair, id := o.Key+"="+v, "discord.options.choice"
		if v == o.Default {
			id += "-default"
		}
		name := clipWords(say(w.Lang, id, "pair", pair, "help", w.Option(o)), 100, len(pair))
		cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value})
	}
	for _, o := range specs {
		if done[o.Key] || (hasValue && o.Key != key) || (!hasValue && !strings.HasPrefix(o.Key, key)) {
			continue
		}
		values := o.Values
		if len(values) == 0 {
			values = []string{o.Default}
			if hasValue && part != "" && part != o.Default {
				values = []string{part} // free-form: keep what is typed
			}
		}
		for _, v := range values {
			if hasValue && !strings.HasPrefix(strings.ToLower(v), strings.ToLower(part)) {
				continue
			}
			add(o, v)
		}
	}
	return cs
}
