package discord

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// The bot's own posts in a match's channel (a turn played after the
// interaction's 15 minutes, a computer's move, a reminder, the lobby's
// refresh) go out with the bot token, so they need the bot's permissions
// there; an interaction's reply and its follow-ups need none. Discord
// sends those permissions with every interaction (app_permissions).
const (
	// permsPost is what the bot's own posts need in a channel: to see it,
	// to post in it (in a thread, Send Messages in Threads does instead of
	// Send Messages; the interaction does not say which the channel is),
	// to attach the boards and to read the lobby back.
	permsPost = discordgo.PermissionViewChannel | discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory
	permsSend = discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads
	// permsThread is what /play thread:true needs: to open the thread and
	// post the lobby in it.
	permsThread = discordgo.PermissionViewChannel | discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads
)

// permKeys are the permissions' names in the host's catalog
// (discord.permission.<key>), Discord's own names in each language.
var permKeys = map[int64]string{
	discordgo.PermissionViewChannel:           "view-channel",
	discordgo.PermissionSendMessages:          "send-messages",
	discordgo.PermissionSendMessagesInThreads: "send-messages-in-threads",
	discordgo.PermissionAttachFiles:           "attach-files",
	discordgo.PermissionReadMessageHistory:    "read-message-history",
	discordgo.PermissionCreatePublicThreads:   "create-public-threads",
}

// missingForPosts is what the bot lacks in the interaction's channel for
// its own posts (0: nothing, or Discord did not say).
func missingForPosts(r *Request) int64 {
	have := r.I.AppPermissions
	if have == 0 || r.I.GuildID == "" {
		return 0
	}
	missing := permsPost &^ have
	if have&permsSend == 0 {
		missing |= discordgo.PermissionSendMessages
	}
	return missing
}

// missingForThread is what the bot lacks to open a match's thread here.
func missingForThread(r *Request) int64 {
	if r.I.AppPermissions == 0 {
		return 0
	}
	return permsThread &^ r.I.AppPermissions
}

// permNames words a set of permissions in l, quoted, in a fixed order.
func permNames(l lang.Lang, set int64) string {
	var names []string
	for set != 0 {
		bit := int64(1) << bits.TrailingZeros64(uint64(set))
		set &^= bit
		if k, ok := permKeys[bit]; ok {
			names = append(names, bot.Say(l, "discord.permission.quoted", "name", bot.Say(l, "discord.permission."+k)))
		}
	}
	return bot.Say(l, "discord.permission.list", "count", strconv.Itoa(len(names)), "names", strings.Join(names, bot.Say(l, "discord.permission.sep")))
}

// errThreadPermissions is /play thread:true's refusal when the bot lacks
// what it needs to open the thread and post the lobby in it.
// The permissions are worded in l, the language of the person refused;
// used in a thread (place), the new thread would open in its channel.
func errThreadPermissions(l lang.Lang, place bot.Place, set int64) error {
	id := place.ID("discord.detail.thread-permissions")
	return &bot.Error{Kind: bot.KindInvalid, Err: errors.New("bot: missing permissions for a thread"),
		Detail:    bot.Say(lang.English, id, "perms", permNames(lang.English, set)),
		DetailMsg: lang.M(id, "perms", permNames(l, set))}
}

// deniedByDiscord reports whether err is Discord refusing a call for the
// bot's permissions (Missing Access, Missing Permissions).
func deniedByDiscord(err error) bool {
	code := discordCode(err)
	return code == discordgo.ErrCodeMissingAccess || code == discordgo.ErrCodeMissingPermissions
}

// discordCode is the JSON error code of Discord's answer err (0 for none).
func discordCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}
