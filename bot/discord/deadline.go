package discord

import (
	"context"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// The turn deadline on Discord: the vote of the other players (buttons on
// one message that pings them), its outcomes, the open seat's "Take this
// seat" button and /replace.

// voteLabels are the catalog's ids of the vote's choices.
var voteLabels = map[string]string{
	bot.VoteWait:    "discord.vote.wait",
	bot.VoteDefault: "discord.vote.default",
	bot.VoteOpen:    "discord.vote.open-seat",
	// (The core's VoteComputer.)
	bot.VoteComputer: "discord.vote.computer",
}

// voteMessage opens a deadline vote in the match's channel: it names the
// missing player without pinging them, and names the voters, pinging
// those who are not away or in their quiet hours (bot.Reminder.Quiet).
func voteMessage(r bot.Reminder) *discordgo.MessageSend {
	m := r.Match
	missing := discordID(r.UserID)
	var pinged, mentions []string
	for i, st := range m.Seats {
		if i == r.Seat || st.Left || st.UserID == r.UserID || !strings.HasPrefix(st.UserID, "discord:") {
			continue
		}
		id := discordID(st.UserID)
		if !containsStr(mentions, "<@"+id+">") {
			mentions = append(mentions, "<@"+id+">")
			// Named to all, but not pinged while away or in quiet hours.
			if !containsStr(r.Quiet, st.UserID) {
				pinged = append(pinged, id)
			}
		}
	}
	w := m.Words()
	var row []discordgo.MessageComponent
	for _, c := range bot.VoteChoices {
		style := discordgo.SecondaryButton
		if c == bot.VoteWait {
			style = discordgo.PrimaryButton
		}
		row = append(row, discordgo.Button{Label: say(w.Lang, voteLabels[c]), Style: style,
			CustomID: customID{Action: "vote", Match: m.ID, N: r.Seat, Arg: c}.String()})
	}
	need := len(mentions)/2 + 1
	return &discordgo.MessageSend{
		Content: clip(say(w.Lang, "discord.vote.open", "missing", "<@"+missing+">", "game", w.GameName(), "span", bot.SpanPrepIn(w.Lang, r.Waited),
			"voters", strings.Join(mentions, ", "), "name", m.Seats[r.Seat].NameIn(w.Lang), "decide", say(w.Lang, "discord.vote.decide", "count", strconv.Itoa(len(mentions)), "need", w.Lang.Int(need))), 2000),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: pinged},
		Components:      []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}},
	}
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// voteButton is a ballot.
func (b *Bot) voteButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	res, err := b.svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(c.Match), Seat: c.N, UserID: r.User.ID, Choice: c.Arg})
	if err != nil && res.Match.ID == "" {
		return nil, err
	}
	if res.Decided == "" {
		seat := res.Match.Seats[c.N]
		var parts []string
		for _, ch := range bot.VoteChoices {
			parts = append(parts, say(r.lang(), "discord.vote.tally", "choice", say(r.lang(), voteLabels[ch]), "n", r.lang().Int(res.Tally[ch])))
		}
		// The message keeps its buttons; the tally is the ballot's answer
		// to the voter alone, so nobody else is notified.
		return private(say(r.lang(), "discord.vote.cast", "name", seat.NameIn(r.lang()), "tally", strings.Join(parts, ", "),
			"need", r.lang().Int(res.Needed), "total", r.lang().Int(res.Voters))), nil
	}
	text, after := b.voteOutcome(r, res, err)
	if res.Undone != nil {
		// The computer now playing the seat agreed to the open request to
		// take a move back, which waited on that seat alone.
		then := after
		after = func(ctx context.Context, p *poster) {
			then(ctx, p)
			b.undoAgreed(ctx, p, r, *res.Undone)
		}
	}
	done := &discordgo.InteractionResponseData{Content: text, Components: []discordgo.MessageComponent{}, AllowedMentions: noPings()}
	return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: done, After: after}, nil
}

// voteOutcome is the announcement of a vote that ended, in the match's
// language (the vote message's new text), and what follows it: the
// default moves, the open seat's offer. err is the default moves'.
func (b *Bot) voteOutcome(r *Request, res bot.VoteResult, err error) (string, func(context.Context, *poster)) {
	ml := res.Match.Words().Lang
	name := res.Match.Seats[res.Seat].NameIn(ml)
	seatN := ml.Int(res.Seat + 1)
	var outcome string
	switch {
	case res.HandedOver:
		// The vote's message is all that changes: the handover was
		// announced by its own post.
		return clip(say(ml, "discord.vote.handed-over", "name", name, "n", seatN, "from", handedFrom(res.Match, res.Seat, ml)), 2000), func(context.Context, *poster) {}
	case res.NoVoters:
		outcome = say(ml, "discord.vote.no-voters", "name", name)
	case res.Decided == bot.VoteWait:
		outcome = say(ml, "discord.vote.chose-wait", "name", name)
	case res.Decided == bot.VoteDefault:
		outcome = say(ml, "discord.vote.chose-default", "name", name)
	case res.Decided == bot.VoteOpen:
		outcome = say(ml, "discord.vote.chose-open", "name", name, "n", seatN)
	case res.Decided == bot.VoteComputer:
		outcome = say(ml, "discord.vote.chose-computer", "name", name, "n", seatN)
		b.wake(res.Match)
	}
	return clip(say(ml, "discord.vote.passed", "outcome", outcome), 2000), func(ctx context.Context, p *poster) {
		if err != nil {
			b.log.ErrorContext(ctx, "bot: default move", "match", res.Match.ID, "err", b.redactErr(err))
		}
		switch res.Decided {
		case bot.VoteDefault:
			b.postDefaultMoves(ctx, p, res.Moves)
		case bot.VoteOpen:
			p.send(ctx, r.Channel, &discordgo.InteractionResponseData{
				Content:         say(ml, "discord.vote.seat-open", "n", seatN, "name", name),
				AllowedMentions: noPings(),
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: say(ml, "discord.vote.take-seat"), Style: discordgo.SuccessButton, CustomID: customID{Action: "claim", Match: res.Match.ID, N: res.Seat}.String()},
				}}},
			})
		}
	}
}

// handedFrom is the name of seat's player before its latest handover,
// in l.
func handedFrom(m bot.Match, seat int, l lang.Lang) string {
	for i := len(m.Clock.Replaced) - 1; i >= 0; i-- {
		if r := m.Clock.Replaced[i]; r.Seat == seat {
			return bot.EchoIn(l, bot.PlayerNameIn(l, r.From))
		}
	}
	return m.Seats[seat].NameIn(l)
}

// replaceFollowUps announces what a handover ended besides: the request
// to take a move back it carried out or withdrew, and the deadline votes
// it decided, left without voters or ended by handing their seat over,
// each message edited to say so without its buttons (or the outcome
// posted anew when it is out of reach).
func (b *Bot) replaceFollowUps(r *Request, o bot.ReplaceOutcome) func(context.Context, *poster) {
	if o.Undone == nil && o.Withdrawn == nil && len(o.Votes) == 0 {
		return nil
	}
	return func(ctx context.Context, p *poster) {
		for _, v := range o.Votes {
			text, after := b.voteOutcome(r, v, nil)
			channel := matchChannel(v.Match, r)
			id := customID{Action: "vote", Match: v.Match.ID, N: v.Seat, Arg: bot.VoteWait}.String()
			if !b.closeMessage(ctx, v.Match.ID, channel, id, text) {
				p.send(ctx, channel, &discordgo.InteractionResponseData{Content: text, AllowedMentions: noPings()})
			}
			after(ctx, p)
		}
		if o.Undone != nil {
			b.undoAgreed(ctx, p, r, *o.Undone)
		}
		if o.Withdrawn != nil {
			b.undoWithdrawn(ctx, p, r, *o.Withdrawn)
		}
	}
}

// postDefaultMoves shows the default moves as moves: a line for each, the
// board once a new turn begins, and the ping of whoever must act next.
func (b *Bot) postDefaultMoves(ctx context.Context, p *poster, moves []bot.Outcome) {
	for _, o := range moves {
		post, pics := narrationLine(o), pictures(nil)
		if o.NewTurn {
			post, pics = b.turnPost(o, "")
		}
		post.Content = clip(say(o.Match.Words().Lang, "discord.vote.default-move", "post", post.Content), 2000)
		p.send(ctx, p.r.Channel, b.withPictures(ctx, p.r, post, pics))
		if ping := turnPing(o.Match, o.Notify); ping != nil {
			p.send(ctx, p.r.Channel, ping)
		}
	}
}

// claimButton takes an open seat for the one who clicks.
func (b *Bot) claimButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	m, err := b.svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(c.Match), Seat: c.N, By: r.User.ID, To: r.User, Claim: true})
	if err != nil {
		return nil, err
	}
	resp := b.replaced(r, m, c.N)
	// The offer is over: it loses its button (a later click would be
	// told who took the seat).
	if msg := r.I.Message; msg != nil {
		resp.After = func(ctx context.Context, p *poster) {
			none := []discordgo.MessageComponent{}
			if _, err := b.api.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msg.ID, Channel: msg.ChannelID, Components: &none},
				discordgo.WithContext(ctx)); err != nil {
				b.log.ErrorContext(ctx, "bot: close a taken seat's offer", "match", c.Match, "err", b.redactErr(err))
			}
		}
	}
	return resp, nil
}

// replace is /replace.
func (b *Bot) replace(ctx context.Context, r *Request) (*Response, error) {
	opts := options(r)
	seat := int(opts["seat"].IntValue()) - 1
	uo, hasUser := opts["user"]
	co, hasComputer := opts["computer"]
	if hasUser == hasComputer {
		return private(say(r.lang(), "discord.replace.either")), nil
	}
	if hasComputer {
		o, err := b.svc.ReplaceSeat(ctx, bot.ReplaceRequest{Ref: bot.InChannel(r.key()), Seat: seat, By: r.User.ID, Computer: co.StringValue(),
			Moderator: r.Perms&moderatorPerms != 0})
		if err != nil {
			return nil, err
		}
		m := o.Match
		b.wake(m)
		ml := m.Words().Lang
		resp := announce(say(ml, "discord.replace.computer", "who", m.Seats[seat].NameIn(ml), "n", ml.Int(seat+1), "from", handedFrom(m, seat, ml)))
		resp.After = b.replaceFollowUps(r, o)
		return resp, nil
	}
	id, _ := uo.Value.(string)
	to := bot.UserRef{ID: userKey(id), Name: id}
	if res := r.I.ApplicationCommandData().Resolved; res != nil {
		if u := res.Users[id]; u != nil {
			if u.Bot {
				return private(say(r.lang(), "discord.replace.bot")), nil
			}
			to.Name = u.GlobalName
			if to.Name == "" {
				to.Name = u.Username
			}
		}
		if mem := res.Members[id]; mem != nil && mem.Nick != "" {
			to.Name = mem.Nick
		}
	}
	o, err := b.svc.ReplaceSeat(ctx, bot.ReplaceRequest{Ref: bot.InChannel(r.key()), Seat: seat, By: r.User.ID, To: to,
		Moderator: r.Perms&moderatorPerms != 0})
	if err != nil {
		return nil, err
	}
	resp := b.replaced(r, o.Match, seat)
	resp.After = b.replaceFollowUps(r, o)
	return resp, nil
}

// replaced announces a replacement in the channel: it pings the new
// player, whose seat it now is, and no one else.
func (b *Bot) replaced(r *Request, m bot.Match, seat int) *Response {
	user := discordID(m.Seats[seat].UserID)
	ml := m.Words().Lang
	text := say(ml, "discord.replace.user", "who", "<@"+user+">", "n", ml.Int(seat+1), "from", handedFrom(m, seat, ml))
	b.wake(m)
	if m.IsActive(seat) {
		text += " " + say(ml, "discord.replace.your-turn")
	}
	d := &discordgo.InteractionResponseData{Content: clip(text, 2000),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: []string{user}}}
	if m.IsActive(seat) {
		d.Components = turnButtons(m)
	}
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}
}
