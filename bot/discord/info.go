package discord

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// lowerLabel is a stat's label inside a sentence: its first letter in
// lower case, except in German, whose nouns keep their capital, and in
// an abbreviation ("VP if the period ended now", "PV si …"); the rest as
// the catalog writes it.
func lowerLabel(l lang.Lang, s string) string {
	if l == lang.German {
		return s
	}
	first, _, _ := strings.Cut(s, " ")
	if utf8.RuneCountInString(first) > 1 && strings.ToUpper(first) == first {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[size:]
}

func privateData(text string) *discordgo.InteractionResponseData {
	return &discordgo.InteractionResponseData{Content: clip(text, 2000), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings()}
}

func privateResponse(d *discordgo.InteractionResponseData) *Response {
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}
}

// hand is /hand.
func (b *Bot) hand(ctx context.Context, r *Request) (*Response, error) {
	return b.handOf(ctx, r, bot.InChannel(r.key()))
}

// handOf shows a seat its own view privately: the cards in its hand and
// the board as that seat sees it.
func (b *Bot) handOf(ctx context.Context, r *Request, ref bot.Ref) (*Response, error) {
	p, err := b.svc.Private(ctx, ref, r.User.ID)
	if err != nil {
		return nil, err
	}
	l := r.lang()
	w := p.Match.WordsIn(l)
	seat := say(l, "discord.hand.seat", "n", strconv.Itoa(p.Seat+1), "colour", colourIn(p.Seat, l))
	text := seat + "\n" + say(l, "discord.hand.cards", "cards", handText(w, p.Holding.Cards))
	if info := p.Match.GameRules().Info(); !info.PrivateInfo {
		text = seat + "\n" + say(l, "discord.hand.open", "game", w.GameName())
	}
	resp := privateResponse(privateData(text))
	resp.Pictures = b.imagesIn(p.Match, p.Seat, l)
	return resp, nil
}

// handText lists a seat's cards by their names in w's language.
func handText(w engine.Words, hand []engine.Card) string {
	if len(hand) == 0 {
		return say(w.Lang, "discord.hand.none")
	}
	out := make([]string, len(hand))
	for i, c := range hand {
		out[i] = w.Card(c)
	}
	return strings.Join(out, ", ")
}

// board is /board: the public board, privately, with fresh turn buttons.
func (b *Bot) board(ctx context.Context, r *Request) (*Response, error) {
	m, err := b.svc.Get(ctx, bot.InChannel(r.key()))
	if err != nil {
		return nil, err
	}
	if m.Play == nil {
		return privateResponse(lobbyPrivate(m)), nil
	}
	text := statusLineIn(m, r.lang())
	if away := b.awayLine(m, r.lang()); away != "" {
		text += "\n" + away
	}
	d := privateData(text)
	d.Components = turnButtonsIn(m, r.lang())
	resp := privateResponse(d)
	resp.Pictures = b.imagesIn(m, engine.Spectator, r.lang())
	return resp, nil
}

func lobbyPrivate(m bot.Match) *discordgo.InteractionResponseData {
	d := lobbyMessage(m)
	d.Flags = discordgo.MessageFlagsEphemeral
	d.Components = []discordgo.MessageComponent{}
	return d
}

// status is /status: phase, whose turn, and each seat's resources.
func (b *Bot) status(ctx context.Context, r *Request) (*Response, error) {
	m, err := b.svc.Get(ctx, bot.InChannel(r.key()))
	if err != nil {
		return nil, err
	}
	// The abandon limit's warning or end, in the core's words (the
	// playground's status bar shows the same).
	notice := b.svc.Abandon(m).NoticeIn(r.lang(), func(t time.Time) string { return fmt.Sprintf("<t:%d:f>", t.Unix()) })
	if m.Play == nil {
		d := lobbyPrivate(m)
		if notice != "" {
			d.Content = clip(strings.TrimSpace(d.Content)+"\n"+notice, 2000)
		}
		return privateResponse(d), nil
	}
	var t strings.Builder
	// The seats' lines carry the scores: the headline names the ranking
	// without them.
	l := r.lang()
	w := m.WordsIn(l)
	// The round as the game names it (the core's one wording of it) has
	// its own line: the headline leaves it out.
	rt := m.RoundTextIn(w)
	head := headline(m, l)
	if rt != "" && !m.Play.Finished && m.Status.Open() {
		phase := []rune(m.NameFor(w.Phase(*m.Play), engine.Spectator))
		if len(phase) > 0 {
			phase[0] = unicode.ToUpper(phase[0])
		}
		head = say(l, "discord.turn.next", "phase", string(phase), "who", activeNames(m, l))
	}
	t.WriteString(say(l, "discord.status.head", "game", w.GameName(), "n", l.Int(int(m.Moves)), "status", head) + "\n")
	if rt != "" {
		t.WriteString(say(l, "discord.status.round", "round", rt) + "\n")
	}
	waits, err := b.waitLines(ctx, m, l)
	if err != nil {
		return nil, err
	}
	for _, s := range m.Play.Seats {
		t.WriteString(pair(l, fmt.Sprintf("%d. %s", s.Seat+1, withColour(m.Seats[s.Seat].NameIn(l), s.Seat, l)), w.Score(s.Score)))
		for _, st := range s.Stats {
			fmt.Fprintf(&t, ", %s %s", lowerLabel(l, w.StatLabel(st)), w.StatValue(st))
		}
		if m.Seats[s.Seat].Left {
			t.WriteString(" (" + say(l, "discord.status.left") + ")")
		}
		if w := waits[s.Seat]; w != "" {
			t.WriteString(" - " + w)
		}
		t.WriteString("\n")
	}
	t.WriteString(notice)
	return private(strings.TrimSpace(t.String())), nil
}

// score is /score: the seats ranked by score, each with what it scored
// in; with chart:true, the chart of the scores over the moves.
func (b *Bot) score(ctx context.Context, r *Request) (*Response, error) {
	m, err := b.svc.Get(ctx, bot.InChannel(r.key()))
	if err != nil {
		return nil, err
	}
	if m.Play == nil {
		return nil, m.Playing()
	}
	l := r.lang()
	heading := say(l, "discord.results.so-far")
	if m.Play.Finished {
		heading = say(l, "discord.results.ranking")
	}
	resp := private(resultsText(m, m.WordsIn(l), heading))
	if o, ok := options(r)["chart"]; ok && o.BoolValue() {
		resp.Pictures = func(ctx context.Context) ([]*discordgo.File, error) {
			img, _, err := b.svc.ScoreChartIn(ctx, bot.ByID(m.ID), l)
			if err != nil {
				return nil, err
			}
			return []*discordgo.File{{Name: img.Name, ContentType: "image/png", Reader: bytes.NewReader(img.PNG)}}, nil
		}
	}
	return resp, nil
}

// moveLog is /log: the last moves.
func (b *Bot) moveLog(ctx context.Context, r *Request) (*Response, error) {
	m, err := b.svc.Get(ctx, bot.InChannel(r.key()))
	if err != nil {
		return nil, err
	}
	last := int64(20)
	if o, ok := options(r)["last"]; ok {
		last = o.IntValue()
	}
	entries, err := b.svc.Log(ctx, bot.ByID(m.ID), max(1, m.Moves-last+1))
	if err != nil {
		return nil, err
	}
	l := r.lang()
	if len(entries) == 0 {
		return private(say(l, "discord.log.none")), nil
	}
	var t strings.Builder
	t.WriteString(say(l, "discord.log.head", "from", strconv.FormatInt(entries[0].Seq, 10), "to", strconv.FormatInt(entries[len(entries)-1].Seq, 10),
		"n", strconv.FormatInt(m.Moves, 10)) + "\n```\n")
	for i, e := range entries {
		move := e.Move
		if how := howIn(l, e); how != "" {
			move += " (" + how + ")"
		}
		line := fmt.Sprintf("%3d. ", e.Seq) + pair(l, m.SeatNameAt(e.Seat, e.Seq, l), move) + "\n"
		// Seats handed on before this move (or after the last one shown).
		for _, rp := range m.Clock.Replaced {
			if rp.Moves == e.Seq-1 || (i == len(entries)-1 && rp.Moves == e.Seq) {
				note := "     " + say(l, "discord.log.replaced", "n", strconv.Itoa(rp.Seat+1), "to", bot.PlayerNameIn(l, rp.To), "from", bot.PlayerNameIn(l, rp.From)) + "\n"
				if rp.Moves == e.Seq {
					line += note
				} else {
					line = note + line
				}
			}
		}
		if t.Len()+len(line) > 1900 {
			break
		}
		t.WriteString(line)
	}
	t.WriteString("```")
	return private(t.String()), nil
}

// howIn is how a logged move was made when its player did not make it,
// in l (the core's LogEntry.HowIn).
func howIn(l lang.Lang, e bot.LogEntry) string { return e.HowIn(l) }

// rulesGame is the game /rules looks in: the one named, else the
// channel's match's, else the default one.
func (b *Bot) rulesGame(ctx context.Context, r *Request) (string, error) {
	named := ""
	if o, ok := options(r)["game"]; ok {
		named = o.StringValue()
	}
	if strings.TrimSpace(named) == "" {
		named = b.channelGame(ctx, r)
	}
	g, err := b.game(named, r.lang())
	if err != nil {
		return "", err
	}
	return g.Info().ID, nil
}

// rules is /rules: a help topic by ID (what autocomplete fills in) or the
// best match of a free-text search.
func (b *Bot) rules(ctx context.Context, r *Request) (*Response, error) {
	game, err := b.rulesGame(ctx, r)
	if err != nil {
		return nil, err
	}
	q := ""
	if o, ok := options(r)["topic"]; ok {
		q = o.StringValue()
	}
	l := r.lang()
	t, ok := b.svc.TopicIn(game, q, l)
	if !ok {
		hits, err := b.svc.HelpIn(game, q, 6, l)
		if err != nil {
			return nil, err
		}
		if len(hits) == 0 {
			return private(say(l, "discord.rules.none", "query", bot.EchoIn(l, q))), nil
		}
		t = hits[0]
		if len(hits) > 1 {
			var also []string
			for _, h := range hits[1:] {
				// The title to read, the ID to type (topic: takes it).
				also = append(also, fmt.Sprintf("%s (`%s`)", h.Title, h.ID))
			}
			t.Body += "\n\n" + say(l, "discord.rules.see-also", "topics", strings.Join(also, ", "))
		}
	}
	d := privateData("")
	d.Embeds = []*discordgo.MessageEmbed{{Title: clip(t.Title, 256), Description: clip(t.Body, 4096),
		Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("%s · %s · %s", game, b.topicKind(game, t.Kind, l), t.ID)}}}
	return privateResponse(d), nil
}

// completeRules autocompletes /rules with matching topics.
func (b *Bot) completeRules(ctx context.Context, r *Request) (*Response, error) {
	typed, name := focused(r)
	if name == "game" {
		return choices(b.gameChoices(typed, r.lang())), nil
	}
	game, err := b.rulesGame(ctx, r)
	if err != nil {
		return choices(nil), nil
	}
	hits, err := b.svc.HelpIn(game, typed, 25, r.lang())
	if err != nil {
		return choices(nil), nil
	}
	var cs []*discordgo.ApplicationCommandOptionChoice
	for _, h := range hits {
		if len(h.ID) > 100 {
			continue
		}
		cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: clip(fmt.Sprintf("%s (%s)", h.Title, b.topicKind(game, h.Kind, r.lang())), 100), Value: h.ID})
	}
	return choices(cs), nil
}

// topicKind is a help topic's kind in l, as the game words it
// (Words.TopicKind).
func (b *Bot) topicKind(game, kind string, l lang.Lang) string {
	g, err := b.svc.Games().Get(game)
	if err != nil {
		return kind
	}
	return engine.WordsFor(g.Info(), l, nil).TopicKind(kind)
}
