package fakediscord

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

const (
	tAlice = "100000000000000001"
	tRoom  = "200000000000000001"
)

// In HTTP-interactions mode Discord has the initial response once it has
// read and processed the bot's HTTP answer, not when the bot wrote it: a
// follow-up sent before is refused with 404 Unknown Webhook, whether it
// goes out before the answer is written or right after.
func TestFollowUpBeforeDiscordHasTheResponse(t *testing.T) {
	for _, c := range []struct {
		name  string
		after bool // send the follow-up after writing the answer (racing Discord's processing)
	}{{"before writing", false}, {"right after writing", true}} {
		t.Run(c.name, func(t *testing.T) {
			var api *discordgo.Session
			var s *Server
			codes := make(chan [2]int, 1)
			followUp := func() {
				_, err := api.FollowupMessageCreate(interaction(s), true, &discordgo.WebhookParams{Content: "your turn"})
				st, code := restCode(err)
				codes <- [2]int{st, code}
			}
			s, api, _ = setup(t, func(w http.ResponseWriter, body []byte) {
				if c.after {
					defer func() { go followUp() }()
				} else {
					followUp()
				}
				jsonAnswer(msgResp(map[string]any{"content": "board"}))(w, body)
			})
			if _, _, err := s.Command(tAlice, tRoom, "move"); err != nil {
				t.Fatal(err)
			}
			got := <-codes
			if got != [2]int{http.StatusNotFound, CodeUnknownWebhook} {
				t.Errorf("early follow-up answered %v, want 404 / %d", got, CodeUnknownWebhook)
			}
			if v := s.Violations(); len(v) != 1 || !strings.Contains(v[0], "before Discord had the initial response") {
				t.Errorf("violations %v", v)
			}
			// Once Discord has the response, the same follow-up is accepted.
			if _, err := api.FollowupMessageCreate(interaction(s), true, &discordgo.WebhookParams{Content: "your turn"}); err != nil {
				t.Errorf("follow-up after the response: %v", err)
			}
		})
	}
}

// The documented way round: the response through the callback endpoint,
// which returns once Discord has it, then 202 with no body; follow-ups
// work at once. 202 without a callback, or a body after one, is a
// violation.
func TestCallbackThen202(t *testing.T) {
	var api *discordgo.Session
	var s *Server
	mode := "callback"
	s, api, _ = setup(t, func(w http.ResponseWriter, body []byte) {
		var i discordgo.Interaction
		json.Unmarshal(body, &i)
		i.AppID = s.AppID
		resp := &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "board"}}
		switch mode {
		case "callback":
			if err := api.InteractionRespond(&i, resp); err != nil {
				t.Errorf("callback: %v", err)
			}
			if _, err := api.FollowupMessageCreate(&i, true, &discordgo.WebhookParams{Content: "your turn"}); err != nil {
				t.Errorf("follow-up after the callback: %v", err)
			}
			w.WriteHeader(http.StatusAccepted)
		case "202 only":
			w.WriteHeader(http.StatusAccepted)
		case "callback and body":
			api.InteractionRespond(&i, resp)
			jsonAnswer(msgResp(map[string]any{"content": "again"}))(w, body)
		}
	})
	_, r, err := s.Command(tAlice, tRoom, "move")
	if err != nil || r.Content != "board" || r.HTTPStatus != http.StatusAccepted {
		t.Fatalf("callback then 202: %+v %v", r, err)
	}
	if v := s.Violations(); len(v) != 0 {
		t.Errorf("violations %v", v)
	}
	want := "== post <id1> (response, public) <- alice: /move\n   | board\n" +
		"== post <id2> (followup, public) <- alice: /move\n   | your turn\n"
	if got := s.Transcript(tRoom); got != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
	for _, m := range []string{"202 only", "callback and body"} {
		mode = m
		before := len(s.Violations())
		s.Command(tAlice, tRoom, "move")
		if v := s.Violations(); len(v) != before+1 {
			t.Errorf("%s: violations %v", m, v[before:])
		}
	}
}

// A deferred channel message may carry no flag but EPHEMERAL; the first
// follow-up after it fills the loading message in (Discord's backwards
// compatibility) instead of posting a new one.
func TestDeferredMessage(t *testing.T) {
	s, _, _ := setup(t, jsonAnswer(map[string]any{"type": 5, "data": map[string]any{"flags": FlagSuppressNotifications}}))
	if _, _, err := s.Command(tAlice, tRoom, "move"); err == nil {
		t.Error("a deferred response with the silent flag was accepted")
	}
	s, api, _ := setup(t, jsonAnswer(map[string]any{"type": 5, "data": map[string]any{"flags": FlagEphemeral}}))
	if _, _, err := s.Command(tAlice, tRoom, "hand"); err != nil {
		t.Fatal(err)
	}
	it := interaction(s)
	for _, text := range []string{"first", "second"} {
		if _, err := api.FollowupMessageCreate(it, true, &discordgo.WebhookParams{Content: text}); err != nil {
			t.Fatal(err)
		}
	}
	want := "== post <id1> (response, ephemeral to @alice) <- alice: /hand\n   | first\n" +
		"== post <id2> (followup, public) <- alice: /hand\n   | second\n"
	if got := s.Transcript(tRoom); got != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
	if v := s.Violations(); len(v) != 0 {
		t.Errorf("violations %v", v)
	}
}

// An edit adds uploaded files to the message; an attachments list names
// the existing files to keep.
func TestEditAddsFiles(t *testing.T) {
	s, api, _ := setup(t, jsonAnswer(msgResp(map[string]any{"content": "board follows"})))
	fit, _, err := s.Command(tAlice, tRoom, "move")
	if err != nil {
		t.Fatal(err)
	}
	it := interaction(s)
	file := func(name string) []*discordgo.File {
		return []*discordgo.File{{Name: name, ContentType: "image/png", Reader: bytes.NewReader(pngBytes(t))}}
	}
	if _, err := api.InteractionResponseEdit(it, &discordgo.WebhookEdit{Files: file("a.png")}); err != nil {
		t.Fatal(err)
	}
	if _, err := api.InteractionResponseEdit(it, &discordgo.WebhookEdit{Files: file("b.png")}); err != nil {
		t.Fatal(err)
	}
	if r := s.Seen(fit); len(r.Files) != 2 || r.Content != "board follows" {
		t.Errorf("after two uploads: %+v", r)
	}
	none := []*discordgo.MessageAttachment{}
	if _, err := api.InteractionResponseEdit(it, &discordgo.WebhookEdit{Files: file("c.png"), Attachments: &none}); err != nil {
		t.Fatal(err)
	}
	if r := s.Seen(fit); len(r.Files) != 1 || r.Files[0].Name != "c.png" {
		t.Errorf("after replacing: %+v", r.Files)
	}
}

// The bot can list a channel's recent messages (newest first, public ones),
// the guild's active threads and a channel's archived ones.
func TestChannelMessagesAndThreads(t *testing.T) {
	s, api, _ := setup(t, jsonAnswer(msgResp(map[string]any{"content": "x"})))
	for _, text := range []string{"one", "two", "three"} {
		if _, err := api.ChannelMessageSendComplex(tRoom, &discordgo.MessageSend{Content: text}); err != nil {
			t.Fatal(err)
		}
	}
	ms, err := api.ChannelMessages(tRoom, 2, "", "", "")
	if err != nil || len(ms) != 2 || ms[0].Content != "three" || ms[1].Content != "two" {
		t.Fatalf("messages: %v %v", ms, err)
	}
	ms, err = api.ChannelMessages(tRoom, 10, ms[1].ID, "", "")
	if err != nil || len(ms) != 1 || ms[0].Content != "one" {
		t.Fatalf("messages before: %v %v", ms, err)
	}
	th, err := api.ThreadStartComplex(tRoom, &discordgo.ThreadStart{Name: "match", Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 60})
	if err != nil {
		t.Fatal(err)
	}
	list, err := api.GuildThreadsActive(s.GuildID)
	if err != nil || len(list.Threads) != 1 || list.Threads[0].ID != th.ID || list.Threads[0].ParentID != tRoom {
		t.Fatalf("threads: %+v %v", list, err)
	}
	s.ArchiveThread(th.ID)
	list, err = api.GuildThreadsActive(s.GuildID)
	if err != nil || len(list.Threads) != 0 {
		t.Fatalf("active threads after archiving: %+v %v", list, err)
	}
	list, err = api.ThreadsArchived(tRoom, nil, 50)
	if err != nil || len(list.Threads) != 1 || !list.Threads[0].ThreadMetadata.Archived {
		t.Fatalf("archived threads: %+v %v", list, err)
	}
	if _, err := api.ChannelMessageSendComplex(th.ID, &discordgo.MessageSend{Content: "back"}); err != nil {
		t.Fatal(err)
	}
	if list, _ = api.GuildThreadsActive(s.GuildID); len(list.Threads) != 1 {
		t.Errorf("a post did not unarchive the thread: %+v", list)
	}
	app, err := api.Application("@me")
	if err != nil || app.ID != s.AppID {
		t.Errorf("application: %+v %v", app, err)
	}
}
