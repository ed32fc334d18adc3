package discord

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
)

// gameOver reports whether a match has just been played to its end (not
// aborted or resigned).
func gameOver(m bot.Match) bool { return m.Play != nil && m.Play.Finished }

// resultsText ranks the seats with each one's score and what it scored
// in, by the game's scoring categories.
func resultsText(m bot.Match, w engine.Words, heading string) string {
	var t strings.Builder
	t.WriteString(heading + "\n")
	for _, res := range m.Results() {
		line := pair(w.Lang, fmt.Sprintf("%d. %s", res.Place, withColour("**"+res.NameIn(w.Lang)+"**", res.Seat, w.Lang)), w.Score(res.Score))
		if b := res.BreakdownTextIn(w); b != "" {
			line += " - " + b
		}
		t.WriteString(clip(line, 400) + "\n")
	}
	if m.Play != nil && m.Play.Finished && m.Play.TieBreak != "" {
		t.WriteString(say(w.Lang, "discord.results.tie-break", "why", w.TieBreak(*m.Play)) + "\n")
	}
	return t.String()
}

// resultsPost is the public message that closes a finished match: the
// ranking with each seat's score by category, the score chart, and the
// match record as a file that `smokestack replay` (and /import) reads.
// Whatever cannot be drawn or exported is logged and left out.
func (b *Bot) resultsPost(ctx context.Context, r *Request, m bot.Match) *discordgo.InteractionResponseData {
	w := m.Words()
	text := resultsText(m, w, say(w.Lang, "discord.results.final", "game", w.GameName()))
	d := &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsSuppressNotifications, AllowedMentions: noPings()}
	if chart, _, err := b.svc.ScoreChart(ctx, bot.ByID(m.ID)); err == nil {
		d.Files = append(d.Files, &discordgo.File{Name: chart.Name, ContentType: "image/png", Reader: bytes.NewReader(chart.PNG)})
	} else {
		b.log.ErrorContext(ctx, "bot: score chart failed", "match", m.ID, "err", b.redactErr(err))
	}
	if rec, err := b.svc.Export(ctx, bot.ByID(m.ID)); err == nil {
		d.Files = append(d.Files, recordFile(m, rec))
		text += say(w.Lang, "discord.results.record", "file", m.RecordFile())
	} else {
		b.log.ErrorContext(ctx, "bot: export failed", "match", m.ID, "err", b.redactErr(err))
	}
	d.Content = clip(text, 2000)
	return d
}

func recordFile(m bot.Match, text string) *discordgo.File {
	return &discordgo.File{Name: m.RecordFile(), ContentType: "text/plain; charset=utf-8", Reader: strings.NewReader(text)}
}

// withResults runs after, then posts the results of a match the move
// ended.
func (b *Bot) withResults(r *Request, o bot.Outcome, after func(context.Context, *poster)) func(context.Context, *poster) {
	if !gameOver(o.Match) || o.Duplicate {
		return after
	}
	return func(ctx context.Context, p *poster) {
		after(ctx, p)
		p.send(ctx, matchChannel(o.Match, r), b.resultsPost(ctx, r, o.Match))
	}
}

// export is /export: the channel's match as a record file, posted for all
// once the match is over (in a channel whose match has ended, the latest
// match the user sat in there). While the match is played it is refused:
// the record's seed decides every card still to come, and a player who
// read it (replaying the record) would know the deck, the other hands and
// the face-down tiles. Operators export open matches with the command
// line (smokestack export).
func (b *Bot) export(ctx context.Context, r *Request) (*Response, error) {
	m, err := b.svc.RecentIn(ctx, r.key(), r.User.ID)
	if err != nil {
		return nil, err
	}
	if m.RecordPrivate() {
		return nil, refusal(bot.KindInvalid, "discord.detail.export-open")
	}
	rec, err := b.svc.Export(ctx, bot.ByID(m.ID))
	if err != nil {
		return nil, err
	}
	if len(rec) > maxFileSize {
		limit, this := strconv.Itoa(maxFileSize), strconv.Itoa(len(rec))
		if bot.Bytes(maxFileSize) == bot.Bytes(len(rec)) { // just over: the bytes tell them apart
			return nil, refusal(bot.KindTooLarge, "discord.detail.file-size-exact", "byteslimit", limit, "bytesthis", this)
		}
		return nil, refusal(bot.KindTooLarge, "discord.detail.file-size", "sizelimit", limit, "sizethis", this)
	}
	d := &discordgo.InteractionResponseData{AllowedMentions: noPings(), Files: []*discordgo.File{recordFile(m, rec)},
		Content: say(m.Words().Lang, "discord.export.public", "n", strconv.FormatInt(m.Moves, 10), "who", r.User.Name)}
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}, nil
}

// maxFileSize is the largest file Discord takes on a message in a server
// without boosts.
const maxFileSize = 10 << 20
