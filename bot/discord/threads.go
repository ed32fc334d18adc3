package discord

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
)

// orThread wraps a match command: used in a channel without an open match
// of its own but with matches in threads of it (/play thread:true), it
// points to those threads instead of saying there is no match.
func (b *Bot) orThread(h Handler) Handler {
	return func(ctx context.Context, r *Request) (*Response, error) {
		resp, err := h(ctx, r)
		if !errors.Is(err, bot.ErrNoMatch) {
			return resp, err
		}
		threads := b.matchThreads(ctx, r)
		if len(threads) == 0 {
			return resp, err
		}
		var links []string
		for _, t := range threads {
			links = append(links, "<#"+t+">")
		}
		if len(links) == 1 {
			return private(say(r.lang(), "discord.threads.single", "thread", links[0])), nil
		}
		return private(say(r.lang(), "discord.threads.several", "threads", strings.Join(links, ", "))), nil
	}
}

// maxThreadPointers bounds the threads a pointer lists.
const maxThreadPointers = 10

// matchThreads lists the threads of r's channel that hold an open match,
// oldest first: among the guild's active threads and the channel's
// archived public threads (a thread Discord archived after a quiet week
// still holds its match). Discord knows the threads; the store
// knows which channel holds an open match (ChannelMatch).
func (b *Bot) matchThreads(ctx context.Context, r *Request) []string {
	if r.I.GuildID == "" {
		return nil
	}
	var found []string
	check := func(list *discordgo.ThreadsList) {
		for _, th := range list.Threads {
			if th.ParentID != r.Channel || slices.Contains(found, th.ID) || len(found) == maxThreadPointers {
				continue
			}
			if _, err := b.svc.Store().ChannelMatch(ctx, channelKey(th.ID)); err == nil {
				found = append(found, th.ID)
			}
		}
	}
	active, err := b.api.GuildThreadsActive(r.I.GuildID, discordgo.WithContext(ctx))
	if err != nil {
		b.logDiscord(ctx, r, "list active threads", err)
	} else {
		check(active)
	}
	archived, err := b.api.ThreadsArchived(r.Channel, nil, 50, discordgo.WithContext(ctx))
	if err != nil {
		b.logDiscord(ctx, r, "list archived threads", err)
	} else {
		check(archived)
	}
	slices.SortFunc(found, func(x, y string) int { return compareSnowflakes(x, y) })
	return found
}

// compareSnowflakes orders Discord IDs by age.
func compareSnowflakes(x, y string) int {
	if len(x) != len(y) {
		return len(x) - len(y)
	}
	return strings.Compare(x, y)
}
