package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// move is /move: play a typed move.
func (b *Bot) move(ctx context.Context, r *Request) (*Response, error) {
	text := ""
	if o, ok := options(r)["move"]; ok {
		text = o.StringValue()
	}
	o, err := b.svc.Submit(ctx, bot.SubmitRequest{Ref: bot.InChannel(r.key()), UserID: r.User.ID, Move: text, RequestID: r.I.ID})
	if errors.Is(err, bot.ErrIncomplete) {
		return b.continueMove(ctx, r, err)
	}
	if err != nil {
		return nil, err
	}
	return b.played(r, o, false)
}

// continueMove answers a typed move that stops early: the explanation,
// over the private picker opened at the move so far, so the player can
// pick how it goes on.
func (b *Bot) continueMove(ctx context.Context, r *Request, err error) (*Response, error) {
	p := b.explain(ctx, r, err)
	m, gerr := b.svc.Get(ctx, bot.InChannel(r.key()))
	if gerr != nil || p.Move == "" || p.Choices == nil || len(p.Choices.Next) == 0 {
		return nil, err
	}
	resp, perr := b.pickerStep(ctx, r, customID{Action: "turn", Match: m.ID, Version: m.Version}, p.Move, false)
	if perr != nil || resp.Data == nil {
		return nil, err
	}
	// A short note comes first: the picker below asks the question and
	// offers the choices, so the note repeats neither (the full
	// explanation, with the choices listed, is for answers without a
	// picker). The picker reads its move back from the first code span,
	// which the note does not have.
	note := say(r.lang(), "discord.picker.incomplete", "move", bot.EchoIn(r.lang(), p.Move))
	resp.Data.Content = clip(strings.ReplaceAll(note, "`", "'")+"\n"+resp.Data.Content, 2000)
	return resp, nil
}

// played answers a submitted move: nothing for a repeated delivery. When
// the move begins a turn (bot.Outcome.NewTurn) the answer is the public
// board post, then the mover's private note and one ping for each seat
// that newly must act; a move that continues a turn gets one silent line
// of narration instead. The reply itself (/move) carries it, or, when the
// reply closes the picker (update), a follow-up.
func (b *Bot) played(r *Request, o bot.Outcome, update bool) (*Response, error) {
	if o.Duplicate {
		return &Response{None: true}, nil
	}
	b.wake(o.Match)
	post, pics := narrationLine(o), pictures(nil)
	l := r.lang()
	if o.NewTurn {
		post, pics = b.turnPost(o, "")
	}
	if !update {
		// The post is the answer; its pictures follow as soon as they are drawn.
		return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: post, Pictures: pics, After: b.withResults(r, o, afterMove(r, o))}, nil
	}
	done := &discordgo.InteractionResponseData{Content: say(l, "discord.turn.you-played", "move", o.Move), Components: undoRow(o, l), AllowedMentions: noPings()}
	if o.Seat >= 0 && o.Match.IsActive(o.Seat) && !o.NewTurn {
		// The turn goes on: the next move starts from here rather than
		// from the board post, whose buttons are a move old.
		done.Content += " " + say(l, "discord.turn.goes-on")
		done.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: append([]discordgo.MessageComponent{
			discordgo.Button{Label: say(l, "discord.turn.continue"), Style: discordgo.PrimaryButton, CustomID: customID{Action: "turn", Match: o.Match.ID, Version: o.Match.Version}.String()},
		}, undoButtons(o, l)...)}}
	}
	return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: done,
		After: func(ctx context.Context, p *poster) {
			// The match's channel: a picker opened from a reminder in a
			// direct message is not where the match is played.
			p.send(ctx, matchChannel(o.Match, r), b.withPictures(ctx, r, post, pics))
			b.withResults(r, o, afterMove(r, o))(ctx, p)
		}}, nil
}

// narrationLine is the one silent line for a move that continues a turn:
// who played what and what the others saw happen.
func narrationLine(o bot.Outcome) *discordgo.InteractionResponseData {
	w := o.Match.Words()
	evs := o.Narration(engine.Spectator, w)
	line := say(w.Lang, "discord.turn.played", "who", o.Match.Seats[o.Seat].NameIn(w.Lang), "move", o.Move)
	if len(evs) > 0 {
		// Room for 1,000 characters of events (Discord allows 2,000);
		// past it the latest are left out whole.
		line = pair(w.Lang, line, eventLine(w, evs, nil, 1000))
	}
	return &discordgo.InteractionResponseData{
		Content:         clip(line+".", 2000),
		Flags:           discordgo.MessageFlagsSuppressNotifications,
		AllowedMentions: noPings(),
		Components:      []discordgo.MessageComponent{},
	}
}

// afterMove tells the mover privately what only they may see (the cards
// they drew, say), then pings the seats that newly must act.
func afterMove(r *Request, o bot.Outcome) func(context.Context, *poster) {
	return func(ctx context.Context, p *poster) {
		if note := privateNote(o, r.lang()); note != nil {
			p.send(ctx, r.Channel, note)
		}
		if o.Unconfirmed {
			p.send(ctx, r.Channel, privateData(bot.UnconfirmedNoteIn(r.lang())))
		}
		if ping := turnPing(o.Match, o.Notify); ping != nil {
			p.send(ctx, matchChannel(o.Match, r), ping)
		}
	}
}

// privateNote lists the events only the acting seat may see.
func privateNote(o bot.Outcome, l lang.Lang) *discordgo.InteractionResponseData {
	if o.Seat < 0 {
		return nil
	}
	var own []engine.Event
	for _, e := range o.Events {
		if e.Audience == o.Seat {
			own = append(own, e)
		}
	}
	lines := o.Match.Narration(own, o.Seat, o.Match.WordsIn(l))
	if len(lines) == 0 {
		return nil
	}
	return privateData(say(l, "discord.turn.only-you") + "\n- " + strings.Join(lines, "\n- "))
}

// completeMove autocompletes /move with legal moves.
func (b *Bot) completeMove(ctx context.Context, r *Request) (*Response, error) {
	typed, _ := focused(r)
	sugg, err := b.svc.SuggestIn(ctx, bot.InChannel(r.key()), r.User.ID, typed, 25, r.lang())
	if err != nil {
		return choices(nil), nil
	}
	var cs []*discordgo.ApplicationCommandOptionChoice
	for _, s := range sugg {
		if len(s.Text) > 100 {
			continue
		}
		name := s.Text
		if !s.Complete {
			name += " …"
		}
		if s.Label != "" && s.Label != "submit" {
			name += " (" + s.Label + ")"
		}
		cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: clip(name, 100), Value: s.Text})
	}
	return choices(cs), nil
}

// turnPost is the public board post after a move: a short narration from
// the public events and the turn buttons, and the pictures (drawn by the
// second result, after the acknowledgement). It is sent silently; the ping
// is a separate message (turnPing).
func (b *Bot) turnPost(o bot.Outcome, headline string) (*discordgo.InteractionResponseData, pictures) {
	m := o.Match
	w := m.Words()
	var text strings.Builder
	if headline != "" {
		text.WriteString(headline + "\n")
	}
	if o.Move != "" && o.Seat >= 0 {
		text.WriteString(say(w.Lang, "discord.turn.played", "who", m.Seats[o.Seat].NameIn(w.Lang), "move", o.Move) + "\n")
	}
	for _, e := range o.Narration(engine.Spectator, w) {
		line := "- " + e + "\n"
		if text.Len()+len(line) > 1700 {
			text.WriteString("- …\n")
			break
		}
		text.WriteString(line)
	}
	text.WriteString(statusLine(m))
	if away := b.awayLine(m, w.Lang); away != "" {
		text.WriteString("\n" + away)
	}
	d := &discordgo.InteractionResponseData{
		Content:         clip(text.String(), 2000),
		Flags:           discordgo.MessageFlagsSuppressNotifications,
		AllowedMentions: noPings(),
		Components:      turnButtons(m),
	}
	return d, b.images(m, engine.Spectator)
}

// maxAttachments is how many files Discord accepts on one message. A
// renderer draws at most render.MaxImages images for a position; the
// constant below fails to compile if that ever exceeds what one message
// can carry.
const maxAttachments = 10

var _ [maxAttachments - render.MaxImages]struct{}

// images draws the pictures of the match as seat sees them (the public
// ones for engine.Spectator), each under the renderer's file name; a game
// without a renderer is shown in text only. At most one less than the
// cores draw at once (Bot.drawing).
func (b *Bot) images(m bot.Match, seat int) pictures { return b.imagesIn(m, seat, m.Words().Lang) }

// imagesIn is images with the pictures' words in l (a private copy: the
// reader's language).
func (b *Bot) imagesIn(m bot.Match, seat int, l lang.Lang) pictures {
	return func(ctx context.Context) ([]*discordgo.File, error) {
		select {
		case b.drawing <- struct{}{}:
			defer func() { <-b.drawing }()
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		imgs, err := b.svc.RenderIn(m, seat, l)
		if errors.Is(err, render.ErrNoRenderer) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		var files []*discordgo.File
		for _, im := range imgs {
			files = append(files, &discordgo.File{Name: im.Name, ContentType: "image/png", Reader: bytes.NewReader(im.PNG)})
		}
		return files, nil
	}
}

// withPictures is d with the pictures drawn and attached, for a message
// sent whole after the acknowledgement; pictures that cannot be drawn are
// logged and left out.
func (b *Bot) withPictures(ctx context.Context, r *Request, d *discordgo.InteractionResponseData, pics pictures) *discordgo.InteractionResponseData {
	if pics == nil {
		return d
	}
	files := b.draw(ctx, r, pics)
	if len(files) == 0 {
		return d
	}
	out := *d
	out.Files = append(append([]*discordgo.File(nil), d.Files...), files...)
	return &out
}

// inPlay reports whether the match is waiting for moves.
func inPlay(m bot.Match) bool {
	return m.Play != nil && !m.Play.Finished && m.Status.Open()
}

// turnButtons are the buttons under a board post.
func turnButtons(m bot.Match) []discordgo.MessageComponent { return turnButtonsIn(m, m.Words().Lang) }

// turnButtonsIn are the board's buttons in l (a private copy of the
// board: the reader's language).
func turnButtonsIn(m bot.Match, l lang.Lang) []discordgo.MessageComponent {
	if !inPlay(m) {
		return []discordgo.MessageComponent{}
	}
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: say(l, "discord.turn.take"), Style: discordgo.PrimaryButton, CustomID: customID{Action: "turn", Match: m.ID, Version: m.Version}.String()},
	}
	// A game where nothing is private has no hand to show.
	if m.GameRules().Info().PrivateInfo {
		row = append(row, discordgo.Button{Label: say(l, "discord.turn.hand"), Style: discordgo.SecondaryButton, CustomID: customID{Action: "hand", Match: m.ID}.String()})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// statusLine says whose turn it is, or how the game ended with the
// ranking and the scores.
func statusLine(m bot.Match) string { return status(m, m.Words(), true) }

// statusLineIn is statusLine in l (a private reply).
func statusLineIn(m bot.Match, l lang.Lang) string { return status(m, m.WordsIn(l), true) }

// headline is statusLine without the scores, for a message that lists
// them per seat (/status), in l.
func headline(m bot.Match, l lang.Lang) string { return status(m, m.WordsIn(l), false) }

func status(m bot.Match, w engine.Words, scores bool) string {
	if m.Play == nil {
		return ""
	}
	if m.Play.Finished {
		var parts []string
		for i, s := range m.Play.Ranking {
			part := fmt.Sprintf("%d. %s", i+1, m.Seats[s].NameIn(w.Lang))
			if scores {
				part += " (" + w.Score(scoreOf(m, s)) + ")"
			}
			parts = append(parts, part)
		}
		line := say(w.Lang, "discord.turn.game-over", "ranking", strings.Join(parts, ", "))
		if tb := w.TieBreak(*m.Play); tb != "" {
			line += " - " + tb
		}
		return line
	}
	if !m.Status.Open() {
		return say(w.Lang, "discord.turn.ended")
	}
	phase := m.NameFor(w.Phase(*m.Play), engine.Spectator)
	if r, _ := w.Phrase(m.Play.RoundName); r != "" {
		// The phase says only what the round's name does not.
		phase = say(w.Lang, "discord.turn.round-phase", "round", r, "phase", phase)
	}
	return say(w.Lang, "discord.turn.next", "phase", phase, "who", activeNames(m, w.Lang))
}

func scoreOf(m bot.Match, seat int) int {
	for _, s := range m.Play.Seats {
		if s.Seat == seat {
			return s.Score
		}
	}
	return 0
}

// activeNames lists the names of the seats to act.
func activeNames(m bot.Match, l lang.Lang) string {
	var out []string
	for _, s := range m.Play.Active {
		if s >= 0 && s < len(m.Seats) {
			out = append(out, m.Seats[s].NameIn(l))
		}
	}
	return strings.Join(out, ", ")
}

func discordID(userKey string) string { return strings.TrimPrefix(userKey, "discord:") }

// turnPing is the one message that notifies the seats that newly must act
// (bot.Outcome.Notify): their mentions, with allowed_mentions limited to
// exactly those users.
func turnPing(m bot.Match, seats []int) *discordgo.InteractionResponseData {
	if !inPlay(m) || len(seats) == 0 {
		return nil
	}
	var users, mentions []string
	for _, s := range seats {
		if s >= 0 && s < len(m.Seats) {
			id := discordID(m.Seats[s].UserID)
			users = append(users, id)
			mentions = append(mentions, "<@"+id+">")
		}
	}
	if len(users) == 0 {
		return nil
	}
	return &discordgo.InteractionResponseData{
		Content:         say(m.Words().Lang, "discord.turn.ping", "who", strings.Join(mentions, ", "), "game", m.Words().GameName()),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users},
	}
}

// component routes a button or select by its custom ID.
func (b *Bot) component(ctx context.Context, r *Request) (*Response, error) {
	data := r.I.MessageComponentData()
	c, err := parseCustomID(data.CustomID)
	if err != nil {
		return nil, err
	}
	if c.Move == longMove {
		c.Move = moveFromMessage(r.I.Message)
	}
	switch c.Action {
	case "lobby":
		return b.lobbyButton(ctx, r, c)
	case "hand":
		return b.handOf(ctx, r, bot.ByID(c.Match))
	case "turn":
		return b.pickerStep(ctx, r, c, "", false)
	case "pick":
		if len(data.Values) != 1 {
			return nil, fmt.Errorf("%w: select without a value", errBadCustomID)
		}
		return b.pickerStep(ctx, r, c, strings.TrimSpace(c.Move+" "+data.Values[0]), true)
	case "page":
		return b.pickerStep(ctx, r, c, c.Move, true)
	case "back":
		toks := strings.Fields(c.Move)
		if len(toks) > 0 {
			toks = toks[:len(toks)-1]
		}
		return b.pickerStep(ctx, r, c, strings.Join(toks, " "), true)
	case "ok":
		return b.confirm(ctx, r, c)
	case "vote":
		return b.voteButton(ctx, r, c)
	case "claim":
		return b.claimButton(ctx, r, c)
	case "finish":
		return b.finishButton(ctx, r, c)
	case "undo":
		return b.undoButton(ctx, r, c)
	case "uvote":
		return b.undoVoteButton(ctx, r, c)
	case "imp":
		return b.importButton(ctx, r, c)
	}
	return nil, fmt.Errorf("%w %q", errBadCustomID, data.CustomID)
}

var firstCode = regexp.MustCompile("`([^`]*)`")

// moveFromMessage reads the partial move a picker message shows.
func moveFromMessage(m *discordgo.Message) string {
	if m == nil {
		return ""
	}
	if s := firstCode.FindStringSubmatch(m.Content); s != nil && s[1] != "…" {
		return s[1]
	}
	return ""
}

// Choices per select and selects per picker step: Discord allows 5 rows
// and 25 options per select; one row stays for Back / Confirm / More.
const (
	perSelect     = 25
	selectsOnPage = 4
)

// maxOptionText is the most runes Discord takes in a select menu
// option's label or description.
const maxOptionText = 100

// selectOption is choice x of a picker menu as seat reads it in w's
// language: its label, and its help as the description, which in a
// language other than English ends with the token (withToken). Both are
// clipped to maxOptionText; cut lists the whole texts that were clipped
// (TestChoiceTextsFit holds every catalog to none).
func selectOption(m bot.Match, w engine.Words, x engine.Choice, seat int) (opt discordgo.SelectMenuOption, cut []string) {
	label, help := m.ChoiceIn(w, x, seat)
	desc := clip(help, maxOptionText)
	full := help
	switch {
	case label == "":
		label = x.Token
	case w.Lang != lang.English && label != x.Token:
		// The token under the label, in the description: how a player
		// reading another language learns the notation, without
		// lengthening the label a phone's menu cuts.
		desc = withToken(desc, x.Token, maxOptionText)
		full = x.Token
		if help != "" {
			full = help + " · " + x.Token
		}
	}
	if utf8.RuneCountInString(label) > maxOptionText {
		cut = append(cut, label)
	}
	if utf8.RuneCountInString(full) > maxOptionText {
		cut = append(cut, full)
	}
	return discordgo.SelectMenuOption{Label: clip(label, maxOptionText), Value: x.Token, Description: desc}, cut
}

// pickerStep shows one decision of the private step-by-step picker. From
// the board's "Take your turn" it opens a new private message; inside the
// picker it updates that message.
func (b *Bot) pickerStep(ctx context.Context, r *Request, c customID, partial string, update bool) (*Response, error) {
	ch, m, err := b.svc.Choices(ctx, bot.ByID(c.Match), r.User.ID, partial)
	if m.ID != "" && m.Stale(c.Version) {
		return b.stale(ctx, m, r)
	}
	if err != nil {
		return nil, err
	}
	offset := 0
	if c.Action == "page" {
		offset = c.N
	}
	shown := partial
	if shown == "" {
		shown = "…"
	}
	l, seat := r.lang(), m.SeatOf(r.User.ID)
	w := m.WordsIn(l)
	prompt := m.PromptIn(w, ch, seat)
	var text strings.Builder
	text.WriteString(say(l, "discord.your-move", "move", shown))
	if len(ch.Next) > 0 {
		text.WriteString("\n" + prompt)
	}
	if ch.Complete {
		text.WriteString("\n" + say(l, "discord.picker.complete"))
	}
	var rows []discordgo.MessageComponent
	next := ch.Next
	if offset >= len(next) {
		offset = 0
	}
	// More than fits on one page: pages of three menus and a "More
	// choices" button that goes round to the first page after the last.
	paged := len(next) > perSelect*selectsOnPage
	next = next[offset:]
	nextOffset := 0
	if paged && len(next) > perSelect*(selectsOnPage-1) {
		next = next[:perSelect*(selectsOnPage-1)]
		nextOffset = offset + len(next)
	}
	for i := 0; i*perSelect < len(next); i++ {
		group := next[i*perSelect : min(len(next), (i+1)*perSelect)]
		var opts []discordgo.SelectMenuOption
		for _, x := range group {
			opt, _ := selectOption(m, w, x, seat)
			opts = append(opts, opt)
		}
		placeholder := prompt
		if len(next) > perSelect {
			placeholder = say(l, "discord.picker.range", "prompt", prompt, "first", firstLabel(m, w, group[0], seat), "last", firstLabel(m, w, group[len(group)-1], seat))
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: customID{Action: "pick", Match: m.ID, Version: m.Version, N: i, Move: partial}.String(), Placeholder: clip(placeholder, 150),
			Options: opts, MinValues: nil, MaxValues: 1,
		}}})
	}
	var nav []discordgo.MessageComponent
	if partial != "" {
		nav = append(nav, discordgo.Button{Label: say(l, "discord.picker.back"), Style: discordgo.SecondaryButton, CustomID: customID{Action: "back", Match: m.ID, Version: m.Version, Move: partial}.String()})
	}
	if paged {
		nav = append(nav, discordgo.Button{Label: say(l, "discord.picker.more"), Style: discordgo.SecondaryButton, CustomID: customID{Action: "page", Match: m.ID, Version: m.Version, N: nextOffset, Move: partial}.String()})
	}
	if ch.Complete {
		nav = append(nav, discordgo.Button{Label: say(l, "discord.picker.confirm"), Style: discordgo.SuccessButton, CustomID: customID{Action: "ok", Match: m.ID, Version: m.Version, Move: partial}.String()})
	}
	if len(nav) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: nav})
	}
	d := &discordgo.InteractionResponseData{Content: clip(text.String(), 2000), Components: rows, AllowedMentions: noPings()}
	if update {
		return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: d}, nil
	}
	d.Flags = discordgo.MessageFlagsEphemeral
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}, nil
}

func firstLabel(m bot.Match, w engine.Words, c engine.Choice, seat int) string {
	if label, _ := m.ChoiceIn(w, c, seat); label != "" {
		return clip(label, 20)
	}
	return c.Token
}

// confirm plays the picked move.
func (b *Bot) confirm(ctx context.Context, r *Request, c customID) (*Response, error) {
	o, err := b.svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(c.Match), UserID: r.User.ID, Move: c.Move,
		RequestID: r.I.ID, ExpectVersion: c.Version})
	if errors.Is(err, bot.ErrStale) {
		m, gerr := b.svc.Get(ctx, bot.ByID(c.Match))
		if gerr != nil {
			return nil, gerr
		}
		return b.stale(ctx, m, r)
	}
	if errors.Is(err, bot.ErrIncomplete) || errors.Is(err, bot.ErrRule) {
		// Keep the picker usable: the player can go back a step.
		back := discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: say(r.lang(), "discord.picker.back"), Style: discordgo.SecondaryButton,
			CustomID: customID{Action: "back", Match: c.Match, Version: c.Version, Move: c.Move}.String()}}}
		return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
			Content:    clip(bot.Say(r.lang(), "discord.your-move", "move", c.Move)+"\n"+problemText(b.explain(ctx, r, err), r.lang(), r.Place), 2000),
			Components: []discordgo.MessageComponent{back}, AllowedMentions: noPings()}}, nil
	}
	if err != nil {
		return nil, err
	}
	return b.played(r, o, true)
}

// stale refuses a button from an old board and shows the current one,
// privately, with fresh buttons.
func (b *Bot) stale(ctx context.Context, m bot.Match, r *Request) (*Response, error) {
	d := &discordgo.InteractionResponseData{
		Content:         clip(b.explain(ctx, r, bot.ErrStale).Text+" "+bot.Say(r.lang(), "discord.current-board")+"\n"+statusLineIn(m, r.lang()), 2000),
		Flags:           discordgo.MessageFlagsEphemeral,
		AllowedMentions: noPings(),
		Components:      turnButtonsIn(m, r.lang()),
	}
	resp := &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}
	if m.Play != nil {
		resp.Pictures = b.imagesIn(m, engine.Spectator, r.lang())
	}
	return resp, nil
}

// channelGame is the game of the channel's match, else the default game
// (empty when there is none).
func (b *Bot) channelGame(ctx context.Context, r *Request) string {
	if m, err := b.svc.Get(ctx, bot.InChannel(r.key())); err == nil {
		return m.Game
	}
	return b.defaultGame()
}

// matchChannel is the Discord channel (or thread) the match is played in;
// the request's own channel for a match of another front end.
func matchChannel(m bot.Match, r *Request) string {
	if id, ok := strings.CutPrefix(m.Channel, "discord:"); ok && id != "" {
		return id
	}
	return r.Channel
}
