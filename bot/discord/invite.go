package discord

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// importOptions are /import's options: the record file, then one player
// per seat, in seat order.
func importOptions(seats int) []*discordgo.ApplicationCommandOption {
	opts := []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionAttachment, Name: "record", Description: "The match record (.txt), as /export or the final post gives it", Required: true},
	}
	for i := 1; i <= seats; i++ {
		opts = append(opts, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser,
			Name: fmt.Sprintf("player%d", i), Description: say(lang.English, "cmd.import_player", "n", strconv.Itoa(i)), Required: i == 1})
	}
	return opts
}

// cdnHosts are where Discord keeps the files users attach; the bot reads
// an attachment from nowhere else.
var cdnHosts = map[string]bool{"cdn.discordapp.com": true, "media.discordapp.net": true}

// download reads an attached file from Discord's CDN, at most limit
// bytes.
func (b *Bot) download(ctx context.Context, att *discordgo.MessageAttachment, limit int) (string, error) {
	u, err := url.Parse(att.URL)
	if err != nil || u.Scheme != "https" || !cdnHosts[u.Host] {
		return "", refusal(bot.KindInvalid, "discord.detail.not-cdn")
	}
	if b.cfg.CDNBase != "" {
		base, err := url.Parse(b.cfg.CDNBase)
		if err != nil {
			return "", fmt.Errorf("bot: CDN base: %w", err)
		}
		u.Scheme, u.Host = base.Scheme, base.Host
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", fmt.Errorf("bot: attachment: %w", err)
	}
	resp, err := b.api.Client.Do(req)
	if err != nil {
		return "", fmt.Errorf("bot: read attachment: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("bot: read attachment: HTTP %d", resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(limit)+1))
	if err != nil {
		return "", fmt.Errorf("bot: read attachment: %w", err)
	}
	if len(data) > limit {
		return "", bot.RecordTooLarge(len(data))
	}
	return string(data), nil
}

// importCmd is /import: the record is checked and offered in this
// channel to the players named, each of whom confirms (or declines) with
// the buttons; the last confirmation starts the match where the record
// ends.
func (b *Bot) importCmd(ctx context.Context, r *Request) (*Response, error) {
	data := r.I.ApplicationCommandData()
	opts := options(r)
	var att *discordgo.MessageAttachment
	if o, ok := opts["record"]; ok && data.Resolved != nil {
		att = data.Resolved.Attachments[fmt.Sprint(o.Value)]
	}
	if att == nil {
		return nil, refusal(bot.KindInvalid, "discord.detail.no-record")
	}
	if att.Size > engine.MaxRecordSize {
		return nil, bot.RecordTooLarge(att.Size)
	}
	var users []bot.UserRef
	for i := 1; ; i++ {
		o, ok := opts[fmt.Sprintf("player%d", i)]
		if !ok {
			break
		}
		id := fmt.Sprint(o.Value)
		name := id
		if data.Resolved != nil {
			if u := data.Resolved.Users[id]; u != nil {
				name = u.GlobalName
				if name == "" {
					name = u.Username
				}
			}
			if m := data.Resolved.Members[id]; m != nil && m.Nick != "" {
				name = m.Nick
			}
		}
		users = append(users, bot.UserRef{ID: userKey(id), Name: name})
	}
	if len(users) < len(opts)-1 {
		return nil, refusal(bot.KindInvalid, "discord.detail.player-gap")
	}
	text, err := b.download(ctx, att, engine.MaxRecordSize)
	if err != nil {
		return nil, err
	}
	l, err := b.guildLang(ctx, r)
	if err != nil {
		return nil, err
	}
	inv, err := b.svc.InviteImport(ctx, bot.ImportInvite{Channel: r.key(), Server: serverKey(r.I.GuildID), Record: text, By: r.User, Users: users, Lang: l, Place: r.Place})
	if err != nil {
		return nil, err
	}
	if inv.Started {
		post, pics, after := b.importStarted(r, inv)
		return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: post, Pictures: pics, After: after}, nil
	}
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: inviteMessage(r.User.Name, inv)}, nil
}

// inviteMessage asks the players named to confirm, pinging those who
// have not yet, in the language of the match it opens. It begins with
// **by** (importButton reads the name back from there).
func inviteMessage(by string, inv bot.Invitation) *discordgo.InteractionResponseData {
	m := inv.Match
	w := m.Words()
	l := w.Lang
	var t strings.Builder
	t.WriteString(say(l, "discord.invite.offer", "by", by, "game", w.GameName(), "n", strconv.Itoa(inv.Moves)) + "\n")
	var users []string
	for i, s := range m.Seats {
		id := discordID(s.UserID)
		state := say(l, "discord.invite.to-confirm")
		if !contains(inv.Waiting, i) {
			state = say(l, "discord.invite.confirmed")
		} else {
			users = append(users, id)
		}
		t.WriteString(say(l, "discord.invite.seat", "n", strconv.Itoa(i+1), "who", "<@"+id+">", "colour", colourIn(i, l), "state", state) + "\n")
	}
	confirm, decline := say(l, "discord.invite.confirm"), say(l, "discord.invite.decline")
	t.WriteString(say(l, "discord.invite.ask", "confirm", confirm, "decline", decline))
	id := func(arg string) string { return customID{Action: "imp", Match: m.ID, Arg: arg}.String() }
	return &discordgo.InteractionResponseData{
		Content:         clip(t.String(), 2000),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: confirm, Style: discordgo.SuccessButton, CustomID: id("yes")},
			discordgo.Button{Label: decline, Style: discordgo.DangerButton, CustomID: id("no")},
		}}},
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// importStarted is the board post of an imported match that starts, and
// the ping of whoever is to move; a record of a game that is over is
// followed by the results post a match finished by play gets.
func (b *Bot) importStarted(r *Request, inv bot.Invitation) (*discordgo.InteractionResponseData, pictures, func(context.Context, *poster)) {
	o := bot.Outcome{Match: inv.Match, Seat: -1, NewTurn: true}
	if inv.Match.Play != nil {
		o.Notify = inv.Match.Play.Active
	}
	w := inv.Match.Words()
	kv := []string{"game", w.GameName(), "n", strconv.Itoa(inv.Moves)}
	head := say(w.Lang, "discord.invite.started", kv...)
	if gameOver(inv.Match) {
		head = say(w.Lang, "discord.invite.started-over", kv...)
	}
	post, pics := b.turnPost(o, head)
	return post, pics, func(ctx context.Context, p *poster) {
		if ping := turnPing(o.Match, o.Notify); ping != nil {
			p.send(ctx, r.Channel, ping)
		}
		if gameOver(o.Match) {
			p.send(ctx, matchChannel(o.Match, r), b.resultsPost(ctx, r, o.Match))
		}
	}
}

// importButton answers an invitation: the message is updated in place;
// the last confirmation is followed by the board post.
func (b *Bot) importButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	inv, err := b.svc.AnswerImport(ctx, bot.ByID(c.Match), r.User.ID, c.Arg == "yes")
	if err != nil {
		return nil, err
	}
	closed := func(text string) *Response {
		return &Response{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: clip(text, 2000), Components: []discordgo.MessageComponent{}, AllowedMentions: noPings()}}
	}
	w := inv.Match.Words()
	switch {
	case inv.Declined != "":
		return closed(say(w.Lang, r.Place.ID("discord.invite.declined"), "who", inv.Declined, "game", w.GameName())), nil
	case inv.Started:
		post, pics, after := b.importStarted(r, inv)
		resp := closed(say(w.Lang, "discord.invite.all-confirmed", "game", w.GameName()))
		resp.After = func(ctx context.Context, p *poster) {
			p.send(ctx, r.Channel, b.withPictures(ctx, r, post, pics))
			after(ctx, p)
		}
		return resp, nil
	}
	by := say(w.Lang, "discord.invite.someone")
	if msg := r.I.Message; msg != nil {
		if name, _, ok := strings.Cut(strings.TrimPrefix(msg.Content, "**"), "**"); ok {
			by = name
		}
	}
	d := inviteMessage(by, inv)
	d.AllowedMentions = noPings()
	return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: d}, nil
}
