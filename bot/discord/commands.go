package discord

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

type command struct {
	def      *discordgo.ApplicationCommand
	run      Handler
	complete Handler
	private  bool // a deferred answer starts private
}

// mostSeats is the most players any game on offer seats; each game checks
// its own range when a lobby opens or a seat is named.
func (b *Bot) mostSeats() int {
	n := 1
	for _, g := range b.svc.Games().Games() {
		n = max(n, g.Info().MaxSeats)
	}
	return n
}

func (b *Bot) commands() map[string]command {
	mostSeats := b.mostSeats()
	str := func(name, desc string, required, auto bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required, Autocomplete: auto}
	}
	def := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: name, Description: desc, Type: discordgo.ChatApplicationCommand, Options: opts}
	}
	one, zero := 1.0, 0.0
	list := []command{
		{def: def("play", "Open a lobby for a new match in this channel or in a new thread",
			str("game", "Which game (suggestions list every game on offer)", false, true),
			str("options", "Match options as key=value pairs (suggestions list the game's options)", false, true),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "players", Description: "Most players to seat (default: the game's maximum)", MinValue: &one, MaxValue: float64(mostSeats)},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "thread", Description: "Open a new thread for the match"},
			str("remind", "Time between reminders to whoever must move: 12h, 2d ... or off (default: the server's)", false, false),
			str("deadline", "Turn deadline: 3d, 1w ... or off (default: the server's)", false, false),
			onDeadline(),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "computers", Description: "How many computer players to seat beside you (default: none, or one with level)", MinValue: &zero, MaxValue: float64(mostSeats - 1)},
			computerLevel("level", "The computer players' level (default: normal)"),
			languageOption("Language of the match's posts (default: the server's); each reads private replies in their own"),
		), run: b.play, complete: b.completePlay},
		{def: def("move", "Play a move by typing it; suggestions list the legal moves",
			str("move", "The move in the game's notation", true, true)), run: b.orThread(b.move), complete: b.completeMove},
		{def: def("hand", "Show your hand and private board (only you see it)"), run: b.orThread(b.hand), private: true},
		{def: def("board", "Show the current board (only you see it)"), run: b.orThread(b.board), private: true},
		{def: def("status", "Phase, whose turn it is, and each player's score and figures"), run: b.orThread(b.status), private: true},
		{def: def("score", "The players' scores, by what they scored in",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "chart", Description: "Add a chart of the scores over the moves"},
		), run: b.orThread(b.score), private: true},
		{def: def("export", "The match record as a file, once the match is over"), run: b.orThread(b.export)},
		{def: def("log", "The moves played so far",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "last", Description: "How many of the last moves (default 20)", MinValue: &one, MaxValue: 100},
		), run: b.orThread(b.moveLog), private: true},
		{def: def("rules", "Search the rules, or look up a tile, card or location",
			str("topic", "A keyword, rule, tile, card or location", true, true),
			str("game", "Which game (default: this channel's match)", false, true)), run: b.rules, complete: b.completeRules, private: true},
		{def: def("help", "The commands, how to write moves, and where to find the rules (only you see it)",
			str("game", "Which game's moves and options (default: this channel's match)", false, true)), run: b.helpCmd, complete: b.completeHelp, private: true},
		{def: def("games", "Every open match you sit in, in every server, yours to play first (only you see it)"), run: b.games, private: true},
		{def: def("catchup", "What happened since your last move, with the board and your hand (only you see it)"), run: b.orThread(b.catchup), private: true},
		{def: def("import", "Play on from a match record here: each player named confirms first", importOptions(mostSeats)...), run: b.importCmd},
		{def: def("stats", "Statistics of this server's finished matches, or of one player's (only you see it)",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "A player's statistics, in every server"},
		), run: b.stats, private: true},
		{def: def("undo", "Take back your last move (the others are asked when it showed a card or a random outcome)"), run: b.orThread(b.undo)},
		{def: def("leave", "Leave the lobby (during play this resigns)"), run: b.orThread(b.leave)},
		{def: def("resign", "Resign: the match ends for everyone"), run: b.orThread(b.resign)},
		{def: def("abort", "Stop this channel's match (its creator or Manage Channels)"), run: b.orThread(b.abort)},
	}
	list = append(list, b.clockCommands()...)
	out := map[string]command{}
	for _, c := range list {
		localize(c.def)
		out[c.def.Name] = c
	}
	return out
}

// definitions lists the command definitions in a stable order.
func (b *Bot) definitions() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range b.cmds {
		out = append(out, c.def)
	}
	slices.SortFunc(out, func(x, y *discordgo.ApplicationCommand) int { return strings.Compare(x.Name, y.Name) })
	return out
}

// canon is the part of a definition the bot sets, for comparing what we
// would send with what Discord has.
type canonCmd struct {
	Name        string                      `json:"name"`
	Description string                      `json:"description"`
	Localized   map[discordgo.Locale]string `json:"localized,omitempty"`
	Options     []canonOption               `json:"options,omitempty"`
}

type canonOption struct {
	Type         int           `json:"type"`
	Name         string        `json:"name"`
	Description  string        `json:"description"`
	Required     bool          `json:"required,omitempty"`
	Autocomplete bool          `json:"autocomplete,omitempty"`
	Choices      []string      `json:"choices,omitempty"`
	Min          *float64      `json:"min,omitempty"`
	Max          float64       `json:"max,omitempty"`
	Options      []canonOption `json:"options,omitempty"`
	// Localized are the description's translations.
	Localized map[discordgo.Locale]string `json:"localized,omitempty"`
}

func canonOptions(opts []*discordgo.ApplicationCommandOption) []canonOption {
	var out []canonOption
	for _, o := range opts {
		c := canonOption{Type: int(o.Type), Name: o.Name, Description: o.Description, Required: o.Required,
			Autocomplete: o.Autocomplete, Min: o.MinValue, Max: o.MaxValue, Options: canonOptions(o.Options), Localized: o.DescriptionLocalizations}
		for _, ch := range o.Choices {
			c.Choices = append(c.Choices, fmt.Sprintf("%s=%v %v", ch.Name, ch.Value, canonMap(ch.NameLocalizations)))
		}
		out = append(out, c)
	}
	return out
}

// canonMap writes localizations in a stable order ("de:…,fr:…").
func canonMap(m map[discordgo.Locale]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, string(k))
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s:%s,", k, m[discordgo.Locale(k)])
	}
	return b.String()
}

// hashDefinitions fingerprints command definitions.
func hashDefinitions(cmds []*discordgo.ApplicationCommand) string {
	var cs []canonCmd
	for _, c := range cmds {
		cc := canonCmd{Name: c.Name, Description: c.Description, Options: canonOptions(c.Options)}
		if c.DescriptionLocalizations != nil {
			cc.Localized = *c.DescriptionLocalizations
		}
		cs = append(cs, cc)
	}
	slices.SortFunc(cs, func(a, b canonCmd) int { return strings.Compare(a.Name, b.Name) })
	data, _ := json.Marshal(cs)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Register sends the command definitions in one bulk overwrite, only when
// they differ from what Discord already has. It reports whether it sent.
func (b *Bot) Register(ctx context.Context) (bool, error) {
	if b.appID == "" {
		return false, fmt.Errorf("%w: application ID unknown", ErrConfig)
	}
	want := b.definitions()
	have, err := b.api.ApplicationCommands(b.appID, b.cfg.GuildID, discordgo.WithContext(ctx))
	if err != nil {
		return false, fmt.Errorf("bot: list commands: %w", err)
	}
	if hashDefinitions(have) == hashDefinitions(want) {
		b.log.InfoContext(ctx, "bot: commands up to date", "count", len(want), "guild", b.cfg.GuildID)
		return false, nil
	}
	if _, err := b.api.ApplicationCommandBulkOverwrite(b.appID, b.cfg.GuildID, want, discordgo.WithContext(ctx)); err != nil {
		return false, fmt.Errorf("bot: register commands: %w", err)
	}
	b.log.InfoContext(ctx, "bot: commands registered", "count", len(want), "guild", b.cfg.GuildID)
	return true, nil
}
