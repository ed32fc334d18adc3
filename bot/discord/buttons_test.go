package discord

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// phoneButton is the most characters of a button label a phone shows
// whole (Discord cuts a longer one off, four buttons to a row).
const phoneButton = 25

// buttonLabels are the catalog texts the bot puts on buttons, in l: every
// discordgo.Button the package builds takes its label from one of these.
func buttonLabels(l lang.Lang) []string {
	out := []string{}
	for _, id := range []string{"discord.turn.take", "discord.turn.continue", "discord.turn.hand", "discord.remind.finish",
		"discord.lobby.join", "discord.lobby.leave", "discord.lobby.start", "discord.lobby.remove-computer",
		"discord.vote.take-seat", "discord.invite.confirm", "discord.invite.decline",
		"discord.picker.back", "discord.picker.more", "discord.picker.confirm",
		"discord.undo.button", "discord.undo.agree", "discord.undo.refuse"} {
		out = append(out, say(l, id))
	}
	for _, id := range voteLabels {
		out = append(out, say(l, id))
	}
	for _, lv := range bot.ComputerLevels {
		out = append(out, say(l, "discord.lobby.add-computer", "level", say(l, "computer.level."+lv)))
	}
	return out
}

// TestButtonLabelsFitAPhone: every button label, in every language, is
// at most phoneButton characters, so a phone shows it whole.
func TestButtonLabelsFitAPhone(t *testing.T) {
	for _, l := range lang.Supported {
		for _, s := range buttonLabels(l) {
			if n := utf8.RuneCountInString(s); n > phoneButton {
				t.Errorf("%s: button %q has %d characters, more than %d", l, s, n, phoneButton)
			}
		}
	}
}

// TestGoldenButtonsFitAPhone: so is every button in the fake Discord's
// transcripts (testdata/*.golden), whatever built it.
func TestGoldenButtonsFitAPhone(t *testing.T) {
	files, err := filepath.Glob("testdata/*.golden")
	if err != nil || len(files) == 0 {
		t.Fatal(files, err)
	}
	button := regexp.MustCompile(`\[([^\]\n]+)\](?: disabled)? [a-z]+/`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range button.FindAllSubmatch(data, -1) {
			if n := utf8.RuneCount(m[1]); n > phoneButton {
				t.Errorf("%s: button %q has %d characters, more than %d", f, m[1], n, phoneButton)
			}
		}
	}
}
