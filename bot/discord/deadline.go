package discord

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
)

// The turn deadline on Discord: the vote of the other players (buttons on
// one message that pings them), its outcomes, the open seat's "Take this
// seat" button and /replace.

var voteLabels = map[string]string{
	bot.VoteWait:    "Wait longer",
	bot.VoteDefault: "Play the default move",
	bot.VoteOpen:    "Open the seat",
	// (The core's VoteComputer.)
	bot.VoteComputer: "Let the computer play the seat",
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
	var row []discordgo.MessageComponent
	for _, c := range bot.VoteChoices {
		style := discordgo.SecondaryButton
		if c == bot.VoteWait {
			style = discordgo.PrimaryButton
		}
		row = append(row, discordgo.Button{Label: voteLabels[c], Style: style,
			CustomID: customID{Action: "vote", Match: m.ID, N: r.Seat, Arg: c}.String()})
	}
	need := len(mentions)/2 + 1
	return &discordgo.MessageSend{
		Content: clip(fmt.Sprintf("**Turn deadline passed**: <@%s> has not moved in the %s match for %s. %s: what now? "+
			"Wait longer, play %s's default move for this turn, open the seat to a substitute, or let the computer play it until they are back. %d of your %d votes decide.",
			missing, m.GameRules().Info().Name, bot.Span(r.Waited), strings.Join(mentions, ", "),
			m.Seats[r.Seat].Name, need, len(mentions)), 2000),
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
	name := res.Match.Seats[c.N].Name
	if res.Decided == "" {
		var parts []string
		for _, ch := range bot.VoteChoices {
			parts = append(parts, fmt.Sprintf("%s: %d", voteLabels[ch], res.Tally[ch]))
		}
		// The message keeps its buttons; the tally is the ballot's answer
		// to the voter alone, so nobody else is notified.
		return private(fmt.Sprintf("Your vote on %s's seat is in. So far %s; %d of %d decide.",
			name, strings.Join(parts, ", "), res.Needed, res.Voters)), nil
	}
	var outcome string
	switch res.Decided {
	case bot.VoteWait:
		outcome = fmt.Sprintf("The players chose to wait longer for %s: the deadline starts again.", name)
	case bot.VoteDefault:
		outcome = fmt.Sprintf("The players chose the default move: the game played %s's turn for them.", name)
	case bot.VoteOpen:
		outcome = fmt.Sprintf("The players opened %s's seat (seat %d): anyone without a seat here may take it.", name, c.N+1)
	case bot.VoteComputer:
		outcome = fmt.Sprintf("The players let the computer play %s's seat (seat %d) until %s moves again or uses `/back`.", name, c.N+1, name)
		b.wake(res.Match)
	}
	done := &discordgo.InteractionResponseData{Content: clip("**Turn deadline passed.** "+outcome, 2000),
		Components: []discordgo.MessageComponent{}, AllowedMentions: noPings()}
	return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: done,
		After: func(ctx context.Context, p *poster) {
			if err != nil {
				b.log.ErrorContext(ctx, "bot: default move", "match", c.Match, "err", b.redactErr(err))
			}
			switch res.Decided {
			case bot.VoteDefault:
				b.postDefaultMoves(ctx, p, res.Moves)
			case bot.VoteOpen:
				p.send(ctx, r.Channel, &discordgo.InteractionResponseData{
					Content:         fmt.Sprintf("Seat %d (%s) is open. Take it to play on in their place: you will see its hand and get its pings.", c.N+1, name),
					AllowedMentions: noPings(),
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "Take this seat", Style: discordgo.SuccessButton, CustomID: customID{Action: "claim", Match: c.Match, N: c.N}.String()},
					}}},
				})
			}
		}}, nil
}

// postDefaultMoves shows the default moves as moves: a line for each, the
// board once a new turn begins, and the ping of whoever must act next.
func (b *Bot) postDefaultMoves(ctx context.Context, p *poster, moves []bot.Outcome) {
	for _, o := range moves {
		post, pics := narrationLine(o), pictures(nil)
		if o.NewTurn {
			post, pics = b.turnPost(o, "")
		}
		post.Content = clip("(default move) "+post.Content, 2000)
		p.send(ctx, p.r.Channel, b.withPictures(ctx, p.r, post, pics))
		if ping := turnPing(o.Match, o.Notify); ping != nil {
			p.send(ctx, p.r.Channel, ping)
		}
	}
}

// claimButton takes an open seat for the one who clicks.
func (b *Bot) claimButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	m, err := b.svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(c.Match), Seat: c.N, By: r.User.ID, To: r.User})
	if err != nil {
		return nil, err
	}
	return b.replaced(r, m, c.N), nil
}

// replace is /replace.
func (b *Bot) replace(ctx context.Context, r *Request) (*Response, error) {
	opts := options(r)
	seat := int(opts["seat"].IntValue()) - 1
	uo, hasUser := opts["user"]
	co, hasComputer := opts["computer"]
	if hasUser == hasComputer {
		return private("Name either the user or the computer's level that takes the seat."), nil
	}
	if hasComputer {
		m, err := b.svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.InChannel(r.key()), Seat: seat, By: r.User.ID, Computer: co.StringValue(),
			Moderator: r.Perms&moderatorPerms != 0})
		if err != nil {
			return nil, err
		}
		b.wake(m)
		last := m.Clock.Replaced[len(m.Clock.Replaced)-1]
		return announce(fmt.Sprintf("%s now plays seat %d in place of %s.", m.Seats[seat].Name, seat+1, bot.Echo(last.From))), nil
	}
	id, _ := uo.Value.(string)
	to := bot.UserRef{ID: userKey(id), Name: id}
	if res := r.I.ApplicationCommandData().Resolved; res != nil {
		if u := res.Users[id]; u != nil {
			if u.Bot {
				return private("A bot cannot take a seat."), nil
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
	m, err := b.svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.InChannel(r.key()), Seat: seat, By: r.User.ID, To: to,
		Moderator: r.Perms&moderatorPerms != 0})
	if err != nil {
		return nil, err
	}
	return b.replaced(r, m, seat), nil
}

// replaced announces a replacement in the channel: it pings the new
// player, whose seat it now is, and no one else.
func (b *Bot) replaced(r *Request, m bot.Match, seat int) *Response {
	last := m.Clock.Replaced[len(m.Clock.Replaced)-1]
	user := discordID(m.Seats[seat].UserID)
	text := fmt.Sprintf("<@%s> now plays seat %d in place of %s. `/hand` shows your hand.", user, seat+1, bot.Echo(last.From))
	b.wake(m)
	if m.IsActive(seat) {
		text += " It is your turn."
	}
	d := &discordgo.InteractionResponseData{Content: clip(text, 2000),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: []string{user}}}
	if m.IsActive(seat) {
		d.Components = turnButtons(m)
	}
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}
}
