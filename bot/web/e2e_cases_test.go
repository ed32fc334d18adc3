package web_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/playout"
	"github.com/smokestack/smokestack/engine/testgame"
)

// The browser tests, one function per defect or feature; TestPlaygroundInBrowser
// runs each at every width.

// testFirstScreen: before any match exists the page offers a new match and
// an empty list: no board, no move panel, no hand, no script error, and the
// favicon is served.
func testFirstScreen(t *testing.T, p *page) {
	srv := httptest.NewServer(newPlayground(t)) // no match yet
	defer srv.Close()
	p.base = srv.URL
	p.start()
	p.wait(`document.getElementById("nomatches").checkVisibility()`)
	for _, sel := range []string{"#table", "#turn", "#handpanel", "#images", "#move", "#log"} {
		if p.visible(sel) {
			t.Errorf("%s: %s is shown before any match exists", p.wd.name, sel)
		}
	}
	if n := p.num(`[...document.images].filter((i) => i.checkVisibility()).length`); n != 0 {
		t.Errorf("%s: %d images shown before any match exists", p.wd.name, n)
	}
	if got := p.shown("#nomatches"); !strings.HasPrefix(got, "No matches yet") {
		t.Errorf("%s: the empty list says %q", p.wd.name, got)
	}
	if !p.visible("#new") || !p.visible("#create") || p.shown("#newpanel h2") != "New match" {
		t.Errorf("%s: the new-match form is not shown", p.wd.name)
	}
	// Each option of the game is labelled by its name, its help the
	// tooltip, its values by their names.
	for _, g := range []struct{ game, key, label string }{{"brass", "tiebreak", "Tie-break"}, {"brass", "link-scoring", "Link scoring\nflipped only\nall"}, {"pebbles", "pile", "Pebbles in the pile"}} {
		p.do("pick "+g.game, js(fmt.Sprintf(`(() => { const s = document.getElementById("game"); s.value = %q; s.onchange(); })()`, g.game)))
		label := p.str(fmt.Sprintf(`document.querySelector('#options [data-key=%q]').closest("label").innerText`, g.key))
		tip := p.str(fmt.Sprintf(`document.querySelector('#options [data-key=%q]').closest("label").title`, g.key))
		if want := optionHelp(t, g.game, g.key); !strings.HasPrefix(label, g.label) || tip != want || tip == "" {
			t.Errorf("%s: option %s labelled %q with tooltip %q, want %q and %q", p.wd.name, g.key, label, tip, g.label, want)
		}
	}
	// One top heading; a line on how a match is played; the game's
	// summary right under the game it describes.
	if got := p.str(`[...document.querySelectorAll("h1")].filter((h) => h.checkVisibility()).map((h) => h.innerText).join("|")`); got != "Smokestack playground" {
		t.Errorf("%s: the page's h1 headings read %q", p.wd.name, got)
	}
	if got := p.shown("#intro"); !strings.Contains(got, "seat buttons") || !strings.Contains(got, "computer players move by themselves") {
		t.Errorf("%s: the start's intro reads %q", p.wd.name, got)
	}
	gap := p.num(`Math.round(document.getElementById("gamesummary").getBoundingClientRect().top - document.getElementById("game").getBoundingClientRect().bottom)`)
	t.Logf("%s: the game's summary starts %d px under the game select", p.wd.name, gap)
	if gap < 0 || gap > 24 || p.shown("#gamesummary") == "" {
		t.Errorf("%s: the game's summary %q starts %d px under the game select", p.wd.name, p.shown("#gamesummary"), gap)
	}
	if p.wd.mobile {
		if small := p.str(smallTargets); small != "" {
			t.Errorf("%s: controls of the start smaller than a fingertip: %s", p.wd.name, small)
		}
	}
	// The icon the page names loads as an image, and the browser's
	// default /favicon.ico answers too.
	icon := p.str(`document.querySelector('link[rel="icon"]').href`)
	p.do("load the icon", js(fmt.Sprintf(`window.iconTest = new Image(); window.iconTest.src = %q`, icon)), waitJS(`window.iconTest.complete`))
	if !p.truth(`window.iconTest.naturalWidth > 0`) {
		t.Errorf("%s: the favicon %s does not load", p.wd.name, icon)
	}
	for _, path := range []string{"/favicon.ico", "/favicon.svg"} {
		res, body := get(t, srv.URL+path)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(string(body), "<svg") {
			t.Errorf("GET %s: %s %s", path, res.Status, res.Header.Get("Content-Type"))
		}
	}
	p.look("first-screen")
}

// testSeeds: seeds are text from the form to the record; the largest
// seed works and a bad one is refused in the core's words.
func testSeeds(t *testing.T, p *page) {
	p.start()
	const largest = "18446744073709551615"
	id := p.create(matchForm{game: "pebbles", seats: 2, seed: largest})
	if got := p.shown("#seedline"); !strings.Contains(got, "seed "+largest) {
		t.Errorf("%s: the page shows the seed as %q", p.wd.name, got)
	}
	var m struct{ Seed string }
	getJSON(t, p.base+"/api/matches/"+id, &m)
	if m.Seed != largest {
		t.Errorf("the match has seed %q, want %s", m.Seed, largest)
	}
	if _, rec := get(t, p.base+"/api/matches/"+id+"/record"); !strings.Contains(string(rec), "Seed: "+largest+"\n") {
		t.Errorf("the record has another seed:\n%s", rec)
	}
	p.click("#listlink")
	p.wait(`!document.getElementById("start").hidden`)
	p.fill(matchForm{game: "pebbles", seats: 2, seed: "12x"})
	p.click("#create")
	p.wait(`document.getElementById("toperror").checkVisibility()`)
	if got, want := p.shown("#toperror"), `A seed is a whole number from 0 to 18446744073709551615, and "12x" is not.`; got != want {
		t.Errorf("%s: a bad seed shows %q, want %q", p.wd.name, got, want)
	}
	p.look("bad-seed")
	p.fill(matchForm{game: "pebbles", seats: 2, seed: "0"})
	p.click("#create")
	p.wait(`!document.getElementById("table").hidden`)
	p.wait(`document.getElementById("seedline").innerText !== ""`)
	if got := p.shown("#seedline"); got != "· seed 0" {
		t.Errorf("%s: seed 0 is shown as %q", p.wd.name, got)
	}
}

// testMatchList: matches are listed with their game, players, whose turn
// and last activity; every match and seat is an entry of the history, so
// Back and Forward walk them; "New match" asks before leaving a match.
func testMatchList(t *testing.T, p *page) {
	p.start()
	a := p.create(matchForm{game: "pebbles", seats: 2, seed: "3", names: "Ann, Ben"})
	if want := "?match=" + a + "&seat=1"; p.location() != "/"+want {
		t.Errorf("%s: a new match is at %q, want /%s", p.wd.name, p.location(), want)
	}
	p.click(`#seatbar button[data-seat="1"]`)
	p.wait(`new URLSearchParams(location.search).get("seat") === "2"`)
	p.click("#listlink")
	p.wait(fmt.Sprintf(`!document.getElementById("start").hidden && !!document.querySelector('#matchlist a[data-match=%q]')`, a))
	entry := p.shown(fmt.Sprintf(`#matchlist a[data-match=%q]`, a))
	for _, want := range []string{"Pebbles", "A Ann, B Ben", "To move: Ann", "last activity just now"} {
		if !strings.Contains(entry, want) {
			t.Errorf("%s: the list shows match A as %q, without %q", p.wd.name, entry, want)
		}
	}
	if p.location() != "/" {
		t.Errorf("%s: the list is at %q", p.wd.name, p.location())
	}
	// The open matches, as /games lists them on Discord.
	p.wait(fmt.Sprintf(`!!document.querySelector('#openlist a[data-match=%q]')`, a))
	if got := p.shown(fmt.Sprintf(`#openlist a[data-match=%q]`, a)); !strings.Contains(got, "Pebbles (test game) · to move: Ann · waiting less than a minute") {
		t.Errorf("%s: the open list shows match A as %q", p.wd.name, got)
	}
	p.look("match-list")
	b := p.create(matchForm{game: "pebbles", seats: 3, seed: "4", names: "Cy, Di, Ed"})
	// New match asks first; staying keeps the match.
	p.click("#newbtn")
	p.wait(`document.getElementById("leave").open`)
	if got := p.shown("#leave"); !strings.Contains(got, "Leave this match to start a new one?") {
		t.Errorf("%s: the confirmation reads %q", p.wd.name, got)
	}
	p.look("leave-dialog")
	p.click("#stay")
	p.wait(`!document.getElementById("leave").open`)
	if p.matchID() != b || !p.visible("#table") {
		t.Errorf("%s: staying left the match (at %s)", p.wd.name, p.location())
	}
	p.click("#newbtn")
	p.wait(`document.getElementById("leave").open`)
	p.click("#leaveok")
	p.wait(`!document.getElementById("start").hidden && document.getElementById("table").hidden`)
	if p.location() != "/" || !p.visible("#new") {
		t.Errorf("%s: leaving for a new match shows %s", p.wd.name, p.location())
	}
	// Back walks the history: match B, the list, match A as seat 2, then
	// as seat 1; Forward goes back to seat 2.
	steps := []struct {
		how, match, seat string
	}{{"back", b, "1"}, {"back", "", ""}, {"back", a, "2"}, {"back", a, "1"}, {"forward", a, "2"}}
	for _, s := range steps {
		// As the browser's Back and Forward buttons do (same-document
		// entries: no page load to wait for).
		p.do(s.how, js("history."+s.how+"()"))
		if s.match == "" {
			p.wait(`!document.getElementById("start").hidden && document.getElementById("table").hidden`)
			continue
		}
		p.wait(fmt.Sprintf(`new URLSearchParams(location.search).get("match") === %q && new URLSearchParams(location.search).get("seat") === %q && !document.getElementById("table").hidden`, s.match, s.seat))
		p.wait(fmt.Sprintf(`!!document.querySelector('#seatbar button.on[data-seat="%d"][aria-pressed="true"]')`, atoi(s.seat)-1))
	}
	// The list opens a match.
	p.click("#listlink")
	p.wait(fmt.Sprintf(`!!document.querySelector('#matchlist a[data-match=%q]')`, b))
	p.click(fmt.Sprintf(`#matchlist a[data-match=%q]`, b))
	p.wait(fmt.Sprintf(`new URLSearchParams(location.search).get("match") === %q && !document.getElementById("table").hidden`, b))
	if got := p.shown("#status"); !strings.Contains(got, "To move: ") {
		t.Errorf("%s: the opened match says %q", p.wd.name, got)
	}
	p.look("opened-from-list")
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}

// emptyHandRecord leaves Ann (seat 1) with no cards and Ben to move.
const emptyHandRecord = "Game: pebbles\nRules: 2\nSeed: 1\nSeats: 2\nPlayers: Ann, Ben\nOption: pile=30\nPin: deck=1,1,1,1,1,1\n\n1 s1 take 1\n2 s2 take 1\n3 s1 take 1\n4 s2 take 1\n5 s1 take 1\n"

// importRecord imports a record through the start screen's box.
func (p *page) importRecord(text string) string {
	p.t.Helper()
	p.start()
	p.do("open the import box", js(`document.getElementById("importbox").open = true`), js(fmt.Sprintf(`document.getElementById("importtext").value = %q`, text)))
	p.click("#importbtn")
	p.wait(`!document.getElementById("table").hidden && !!document.getElementById("board") && document.getElementById("board").complete`)
	p.wait(`document.querySelectorAll("#log li").length > 0`)
	return p.matchID()
}

// testEmptyHand: a seat that holds nothing is shown an empty hand.
func testEmptyHand(t *testing.T, p *page) {
	p.importRecord(emptyHandRecord)
	p.click(`#seatbar button[data-seat="0"]`)
	p.wait(`document.getElementById("hand").dataset.seat === "0"`)
	if got := p.shown("#hand"); got != "No cards in hand." {
		t.Errorf("%s: Ann's empty hand shows %q", p.wd.name, got)
	}
	p.click(`#seatbar button[data-seat="1"]`)
	p.wait(`document.getElementById("hand").dataset.seat === "1"`)
	if got := p.shown("#hand"); got != "card 1" {
		t.Errorf("%s: Ben's hand shows %q", p.wd.name, got)
	}
	p.click(`#seatbar button[data-seat="-1"]`)
	p.wait(`document.getElementById("hand").innerText.startsWith("Spectators")`)
	p.look("empty-hand")
}

// internal is what a person must never read: Go error prefixes, the
// browser's own fetch failure, JSON.
var internal = regexp.MustCompile(`(?i)\b(service|engine|bot|storage|brass|pebbles|json|http): |failed to fetch|typeerror|\{"`)

// testErrors: a refused move reads as in Discord (the core's text), its
// rule's help opens the topic it names, and a server that cannot be
// reached is said to be so.
func testErrors(t *testing.T, p *page) {
	tc := e2eGames[0] // brass
	p.start()
	p.create(matchForm{game: tc.game, seats: tc.seats, seed: fmt.Sprint(tc.seed)})
	before := p.num(logLen)
	p.typeKeys("#move", tc.illegal)
	p.do("press Enter", chromedp.KeyEvent("\r"))
	p.wait(`document.getElementById("error").checkVisibility()`)
	if got, want := p.shown("#error .msg"), tc.ruleMessage(t); got != want {
		t.Errorf("%s: an illegal move shows %q, want %q", p.wd.name, got, want)
	}
	if body := p.str(`document.body.innerText`); internal.MatchString(body) {
		t.Errorf("%s: the page shows internal text: %q", p.wd.name, internal.FindString(body))
	}
	// The choices of the words typed may arrive after the refusal, refused
	// for the same reason (a slow connection): the refusal and its link
	// stay as they are, so a tap on the link in between is not lost.
	p.do("refresh the choices", js(`window.linkBefore = document.querySelector("#error a.topiclink"); st.choices = null; window.choicesDone = false; refreshChoices().then(() => { window.choicesDone = true; })`), waitJS(`window.choicesDone`))
	if p.str(`String(window.linkBefore === document.querySelector("#error a.topiclink"))`) != "true" {
		t.Errorf("%s: the same refusal arriving again with the choices redrew the error box", p.wd.name)
	}
	topic := tc.ruleTopic(t)
	link := p.shown("#error a.topiclink")
	if link != "Rule: "+topic.Title {
		t.Errorf("%s: the error's help link reads %q, want %q", p.wd.name, link, "Rule: "+topic.Title)
	}
	p.click("#error a.topiclink")
	p.wait(`!!document.querySelector("#helpres details[open]")`)
	if got := p.str(`document.querySelector("#helpres details[open]").dataset.topic`); got != topic.ID {
		t.Errorf("%s: the help link opens topic %q, want %q", p.wd.name, got, topic.ID)
	}
	if got := p.shown("#helpres details[open] summary"); !strings.HasPrefix(got, topic.Title) {
		t.Errorf("%s: the opened topic is titled %q, want %q", p.wd.name, got, topic.Title)
	}
	if p.num(logLen) != before {
		t.Errorf("%s: the illegal move was played", p.wd.name)
	}
	p.look("rule-error")

	// The server goes away: the next request says so.
	srv := httptest.NewServer(newPlayground(t))
	p.base = srv.URL
	p.start()
	p.create(matchForm{game: "pebbles", seats: 2, seed: "5"})
	p.allow("ERR_CONNECTION_REFUSED")
	p.allow("ERR_EMPTY_RESPONSE")
	srv.Close()
	p.typeKeys("#move", "take 1")
	p.do("press Enter", chromedp.KeyEvent("\r"))
	p.wait(`document.getElementById("error").checkVisibility()`)
	if got := p.shown("#error .msg"); got != "The playground server cannot be reached. Check that it is still running (go run ./cmd/smokestack), then try again." {
		t.Errorf("%s: with the server gone the page says %q", p.wd.name, got)
	}
	if body := p.str(`document.body.innerText`); internal.MatchString(body) {
		t.Errorf("%s: the page shows internal text: %q", p.wd.name, internal.FindString(body))
	}
	p.look("unreachable")
}

// testSizeLimit: one stated limit for records; an oversize file is
// refused in the core's words before it is sent, and a bad large record
// gets a short error that repeats none of it.
func testSizeLimit(t *testing.T, p *page) {
	p.start()
	p.do("open the import box", js(`document.getElementById("importbox").open = true`))
	if got := p.shown("#importbox"); !strings.Contains(got, "at most 16 MiB") {
		t.Errorf("%s: the import box says %q, not its limit", p.wd.name, got)
	}
	big := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(big, []byte("Game: pebbles\n"+strings.Repeat("x", engine.MaxRecordSize)), 0o644); err != nil {
		t.Fatal(err)
	}
	p.do("choose the file", chromedp.SetUploadFiles(chromedp.CSS("#importfile"), []string{big}))
	p.click("#importbtn")
	p.wait(`document.getElementById("toperror").checkVisibility()`)
	if got := p.shown("#toperror"); got != "That is too long: a match record has at most 16 MiB." {
		t.Errorf("%s: an oversize file shows %q", p.wd.name, got)
	}
	p.do("drop the file", js(`document.getElementById("importfile").value = ""`))
	// A bad record of two megabytes: refused in one short line.
	p.do("paste a bad record", js(`document.getElementById("importtext").value = "Game: pebbles\nSeats: 2\n" + "x".repeat(2 << 20)`))
	p.click("#importbtn")
	p.wait(`document.getElementById("toperror").checkVisibility() && !document.getElementById("toperror").innerText.startsWith("That is too long")`)
	msg := p.shown("#toperror")
	if len(msg) > 200 || !strings.Contains(msg, "match record") {
		t.Errorf("%s: a bad record shows %d characters: %.300q", p.wd.name, len(msg), msg)
	}
	if n := p.num(`document.body.innerText.length`); n > 5000 {
		t.Errorf("%s: the page shows %d characters after a bad import", p.wd.name, n)
	}
	p.do("clear the box", js(`document.getElementById("importtext").value = ""`))
	p.look("size-limit")
}

// testPrivateEvents: a seat's private narration (the cards it draws) is
// shown to that seat only: after the page moves on to the next seat, or
// the user switches seats, none of it stays on screen.
func testPrivateEvents(t *testing.T, p *page) {
	p.start()
	p.create(matchForm{game: "pebbles", seats: 2, seed: "5", names: "Ann, Ben", option: [2]string{"pile", "30"}})
	p.playChoices()
	// The page follows the turn to Ben: of Ann's move he reads what
	// everyone does, not the card she drew.
	p.wait(`document.getElementById("log").dataset.seat === "1" && !!document.querySelector("#log li.last")`)
	lastMove, lastLog := p.shown("#lastmove"), p.shown("#log li.last")
	for _, s := range []string{lastMove, lastLog} {
		if strings.Contains(s, "you draw") || !strings.Contains(s, "Ann draws a card") || !strings.Contains(s, "Ann takes ") {
			t.Errorf("%s: Ben reads Ann's move as %q", p.wd.name, s)
		}
	}
	p.click(`#seatbar button[data-seat="0"]`)
	p.wait(`document.getElementById("log").dataset.seat === "0"`)
	if got := p.shown("#lastmove"); !strings.Contains(got, "you take ") || !regexp.MustCompile(`you draw a [123]`).MatchString(got) {
		t.Errorf("%s: Ann reads her own move as %q", p.wd.name, got)
	}
	// What only Ann reads is marked in words, not by its colour alone.
	if got := p.shown("#lastmove .ev.private"); !regexp.MustCompile(`^you draw a [123] \(only you see this\)$`).MatchString(got) {
		t.Errorf("%s: Ann's private event reads %q", p.wd.name, got)
	}
	p.click(`#seatbar button[data-seat="1"]`)
	p.wait(`document.getElementById("log").dataset.seat === "1"`)
	if got := p.shown("#lastmove") + p.shown("#log li.last"); strings.Contains(got, "you draw") || strings.Contains(got, "you take") || strings.Contains(got, "only you") {
		t.Errorf("%s: after switching back to Ben the page shows Ann's own narration: %q", p.wd.name, got)
	}
	p.look("private-events")
}

// testRecordDownload: the record link downloads a file.
func testRecordDownload(t *testing.T, p *page) {
	p.start()
	id := p.create(matchForm{game: "pebbles", seats: 2, seed: "7"})
	href := p.str(`document.getElementById("recordlink").href`)
	if !p.truth(`document.getElementById("recordlink").hasAttribute("download") && !document.getElementById("recordlink").target`) {
		t.Errorf("%s: the record link opens instead of downloading", p.wd.name)
	}
	if p.shown("#recordlink") != "Download the match record" {
		t.Errorf("%s: the record link reads %q", p.wd.name, p.shown("#recordlink"))
	}
	res, body := get(t, href)
	want := fmt.Sprintf(`attachment; filename=smokestack-pebbles-%s.txt`, id)
	if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != want || !strings.Contains(string(body), "Game: pebbles") {
		t.Errorf("GET %s: %s, disposition %q, want %q", href, res.Status, res.Header.Get("Content-Disposition"), want)
	}
}

// brassRecord is a Brass match in its third round: Alice (seat 1) to move
// with two actions, her coal mine in Warrington & Runcorn built.
func brassRecord() string {
	return fmt.Sprintf("Game: brass\nRules: %d\nSeed: 1\nSeats: 3\nPlayers: Alice, Bob, Carol\n\n", brass.New().Info().RulesVersion) +
		"1 s1 build coal warrington card:warrington\n2 s2 build cotton bury card:cotton\n3 s3 build port preston card:port\n" +
		"4 s1 pass card:fleetwood\n5 s1 canal ellesmere-warrington card:macclesfield\n6 s3 loan 20 card:macclesfield\n" +
		"7 s3 pass card:stockport\n8 s2 build coal blackburn cards:blackburn+liverpool\n9 s3 build coal burnley cards:cotton+manchester\n"
}

// seatRef is an engine's "seat N" that should have become a name.
var seatRef = regexp.MustCompile(`(?i)\bseat \d|\bplayer \d`)

// testNames: people are named by their names, oneself "you" and "your",
// and cards by their names, never by notation tokens.
func testNames(t *testing.T, p *page) {
	p.importRecord(brassRecord())
	p.wait(`document.querySelector('#seatbar button.on').dataset.seat === "0"`)
	body := p.str(`document.body.innerText`)
	if seatRef.MatchString(body) {
		t.Errorf("%s: the page names a seat by number: %q", p.wd.name, seatRef.FindString(body))
	}
	if got := p.str(`[...document.querySelectorAll("#seatbar button")].map((b) => b.innerText.replace(/\s+/g, " ").trim()).join("|")`); !strings.HasPrefix(got, "A Alice ") || strings.Contains(strings.ToLower(got), "seat") {
		t.Errorf("%s: the seat buttons read %q", p.wd.name, got)
	}
	// Seats wear the board's letters and colours.
	if got := p.str(`getComputedStyle(document.querySelector('#seatbar button[data-seat="1"] .swatch')).backgroundColor`); got != "rgb(86, 180, 233)" {
		t.Errorf("%s: Bob's swatch is %s, want the board's sky blue", p.wd.name, got)
	}
	logText := p.str(`document.getElementById("log").innerText`)
	if !strings.Contains(logText, "you build a coal mine 1 in Warrington & Runcorn") {
		t.Errorf("%s: Alice's log does not tell her own build as hers: %q", p.wd.name, logText)
	}
	drew := regexp.MustCompile(`you draw ([^\n]+)`).FindStringSubmatch(logText)
	if drew == nil {
		t.Fatalf("%s: Alice's log shows no draw: %q", p.wd.name, logText)
	}
	for _, c := range strings.Split(drew[1], ", ") {
		if c == strings.ToLower(c) {
			t.Errorf("%s: the draw %q names a card by its token %q", p.wd.name, drew[0], c)
		}
	}
	p.typeKeys("#move", "build coal ")
	p.wait(`[...document.querySelectorAll("#choices button.choice")].some((b) => b.innerText.includes("Warrington & Runcorn"))`)
	if got := p.str(`[...document.querySelectorAll("#choices button.choice")].map((b) => b.innerText).join("|")`); !strings.Contains(got, "Warrington & Runcorn, over your coal mine 1") {
		t.Errorf("%s: Alice's choices read %q, want her own mine as \"your coal mine\"", p.wd.name, got)
	}
	p.look("names-alice")
	p.click(`#seatbar button[data-seat="1"]`)
	p.wait(`document.querySelector('#seatbar button.on').dataset.seat === "1" && document.getElementById("log").innerText.includes("Alice builds a coal mine 1 in Warrington & Runcorn")`)
	if body := p.str(`document.body.innerText`); strings.Contains(body, "you build a coal mine 1 in Warrington") || seatRef.MatchString(body) {
		t.Errorf("%s: Bob reads Alice's moves as his own, or seats by number", p.wd.name)
	}
}

// choiceTexts lists the choices a person sees.
const choiceTexts = `[...document.querySelectorAll("#choices button.choice")].filter((b) => b.checkVisibility()).map((b) => b.innerText.replace(/\s+/g, " ").trim())`

// narrowedTo waits until the choices have been filtered by the whole
// fragment typed (the filter runs after a pause in typing, so a slow
// machine may show the list for a shorter fragment first).
func narrowedTo(frag string, n int) string {
	return fmt.Sprintf(`%s.length === %d && document.getElementById("prompt").innerText.includes("match “%s”")`, choiceTexts, n, frag)
}

// testMoveBuilder: the typed box and the choices are one builder: typing
// filters the choices, picking one appends its word, each choice shows its
// cost, and Enter plays only a complete move.
func testMoveBuilder(t *testing.T, p *page) {
	tc := e2eGames[0] // brass
	p.start()
	p.create(matchForm{game: tc.game, seats: tc.seats, seed: fmt.Sprint(tc.seed)})
	before := p.num(logLen)
	p.wait(`document.querySelectorAll("#choices button.choice").length > 1`)
	p.typeKeys("#move", "bu")
	// "b" alone already leaves one choice, and the filter waits for a pause
	// in typing: wait for the prompt to name the whole fragment.
	p.wait(narrowedTo("bu", 1))
	if got := p.str(choiceTexts + `.join("|")`); got != "Build an industry" {
		t.Errorf("%s: typing \"bu\" leaves the choices %q", p.wd.name, got)
	}
	if got := p.shown("#prompt"); !strings.Contains(got, "1 of 4 match “bu”") {
		t.Errorf("%s: the prompt says %q", p.wd.name, got)
	}
	p.do("Enter completes the word", chromedp.KeyEvent("\r"))
	p.wait(`document.getElementById("move").value === "build "`)
	p.wait(choiceTexts + `.length > 1`)
	// The cost of each choice is in view, not only in a tooltip.
	if got := p.str(choiceTexts + `.join("|")`); !strings.Contains(got, "Cotton mill, level 1 £12") {
		t.Errorf("%s: the industries read %q, without their costs", p.wd.name, got)
	}
	p.click(`#choices button.choice[data-token="cotton"]`)
	p.wait(`document.getElementById("move").value === "build cotton "`)
	// A tap on a touch screen leaves the text box alone (focusing it
	// would raise the keyboard over the choices); a mouse click puts the
	// cursor back in it for typing on.
	if focused := p.truth(`document.activeElement === document.getElementById("move")`); focused == p.wd.mobile {
		t.Errorf("%s: after a picked choice the move box has the focus: %v", p.wd.name, focused)
	}
	p.do("tap the move box, after its text", js(`(() => { const m = document.getElementById("move"); m.focus(); m.setSelectionRange(m.value.length, m.value.length); })()`))
	p.typeKeys("#move", "bol")
	p.wait(narrowedTo("bol", 1))
	p.do("Enter", chromedp.KeyEvent("\r"))
	p.wait(`document.getElementById("move").value === "build cotton bolton "`)
	p.wait(`document.getElementById("prompt").innerText.startsWith("Which card?")`)
	// Enter on an incomplete move plays nothing and says what is missing.
	p.do("Enter", chromedp.KeyEvent("\r"))
	p.wait(`document.getElementById("hint").checkVisibility()`)
	if got := p.shown("#hint"); !strings.Contains(got, "is not a complete move yet") {
		t.Errorf("%s: Enter on an incomplete move says %q", p.wd.name, got)
	}
	if p.num(logLen) != before || p.truth(`!document.getElementById("play").disabled`) {
		t.Errorf("%s: an incomplete move was played, or Play is offered", p.wd.name)
	}
	p.look("builder-incomplete")
	p.click("#choices button.choice")
	p.wait(`!document.getElementById("play").disabled`)
	if got := p.shown("#prompt"); !strings.HasPrefix(got, "Complete") {
		t.Errorf("%s: a complete move's prompt says %q", p.wd.name, got)
	}
	p.do("Enter plays", chromedp.Focus(chromedp.ID("move")), chromedp.KeyEvent("\r"))
	p.wait(fmt.Sprintf(`%s > %d`, logLen, before))
	if got := p.shown("#log li.last"); !strings.Contains(got, "builds a cotton mill 1 in Bolton") {
		t.Errorf("%s: the last move reads %q", p.wd.name, got)
	}
	// Arrow keys and Tab pick a choice too.
	p.wait(`document.querySelectorAll("#choices button.choice").length > 1`)
	p.typeKeys("#move", "lo")
	p.wait(narrowedTo("lo", 1))
	p.do("Tab", chromedp.KeyEvent("\t"))
	p.wait(`document.getElementById("move").value === "loan "`)
	p.wait(choicesShown)
	p.do("down and Enter", chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Enter))
	p.wait(`document.getElementById("move").value.startsWith("loan ") && document.getElementById("move").value.length > 5`)
	p.look("builder")
}

// testLongLists: a long list of choices is grouped, folded, and searched
// by typing.
func testLongLists(t *testing.T, p *page) {
	p.importRecord(brassRecord())
	p.wait(`document.querySelector('#seatbar button.on').dataset.seat === "0"`)
	p.typeKeys("#move", "build coal blackburn ")
	p.wait(`!!document.querySelector("#choices details.group")`)
	if got := p.shown("#choices details.group summary"); got != "Two cards (17)" {
		t.Errorf("%s: the two-card choices are grouped as %q", p.wd.name, got)
	}
	if got := p.shown("#prompt"); got != "Which card? (18 choices: type to narrow them)" {
		t.Errorf("%s: the long list's prompt says %q", p.wd.name, got)
	}
	if got := p.str(choiceTexts + `.join("|")`); p.truth(`document.querySelector("#choices details.group").open`) || got != "Blackburn card" {
		t.Errorf("%s: the long group is not folded beside the single cards: %q", p.wd.name, got)
	}
	p.look("long-list-folded")
	p.typeKeys("#move", "roch")
	p.wait(`document.querySelector("#choices details.group").open`)
	got := p.str(choiceTexts + `.join("|")`)
	if n := strings.Count(got, "|") + 1; n != 5 || !strings.Contains(got, "Rochdale card + Coal mine card") {
		t.Errorf("%s: typing \"roch\" leaves %d choices: %q", p.wd.name, n, got)
	}
	p.look("long-list-search")
}

// testRulesSearch: the rules are searched by the words of their text,
// ranked as the engine's index ranks them, and shown readably.
func testRulesSearch(t *testing.T, p *page) {
	tc := e2eGames[0] // brass
	p.start()
	p.create(matchForm{game: tc.game, seats: tc.seats, seed: fmt.Sprint(tc.seed)})
	const q = "shuffle" // in the text of several topics, the title or keywords of none
	want := engine.NewHelpIndex(brass.New().Info().Help).Search(q, 20)
	if len(want) < 2 {
		t.Fatalf("the query %q finds %d topics", q, len(want))
	}
	for _, tp := range want {
		if strings.Contains(strings.ToLower(tp.Title+" "+strings.Join(tp.Keywords, " ")), q) {
			t.Fatalf("%q is in the title or keywords of %s: the test wants a word of the text", q, tp.ID)
		}
	}
	p.typeKeys("#helpq", q)
	p.wait(fmt.Sprintf(`document.querySelectorAll("#helpres li").length === %d`, len(want)))
	var titles []string
	for _, tp := range want {
		titles = append(titles, tp.Title)
	}
	got := p.str(`[...document.querySelectorAll("#helpres summary b")].map((b) => b.innerText).join("|")`)
	if got != strings.Join(titles, "|") {
		t.Errorf("%s: the rules search shows %q, want the index's ranking %q", p.wd.name, got, strings.Join(titles, "|"))
	}
	if got := p.shown("#helpcount"); got != fmt.Sprintf("%d topics for “%s”, best first:", len(want), q) {
		t.Errorf("%s: the search says %q", p.wd.name, got)
	}
	// Each result shows where the word was found, marked.
	if got := p.str(`document.querySelector("#helpres .snippet mark").innerText.toLowerCase()`); got != q {
		t.Errorf("%s: the first result marks %q", p.wd.name, got)
	}
	p.click("#helpres summary")
	p.wait(`document.querySelector("#helpres details").open`)
	if got := p.shown("#helpres details .body"); got != want[0].Body {
		t.Errorf("%s: the opened topic reads %q", p.wd.name, got)
	}
	p.do("scroll to the rules", js(`document.getElementById("rules").scrollIntoView()`))
	p.look("rules-search")
}

// testStatusAndLastMove: the phase and whose turn it is stay in view
// wherever the page is scrolled; the last move is marked in the log.
func testStatusAndLastMove(t *testing.T, p *page) {
	p.start()
	id := p.create(matchForm{game: "pebbles", seats: 2, seed: "5", names: "Ann, Ben", option: [2]string{"pile", "30"}})
	p.playChoices()
	p.wait(`document.querySelector('#seatbar button.on').dataset.seat === "1"`)
	var m struct {
		Play engine.Status
	}
	getJSON(t, p.base+"/api/matches/"+id, &m)
	last := p.shown("#log li.last")
	if !strings.Contains(last, "last move") || !strings.Contains(last, "Ann takes ") || p.num(`[...document.querySelectorAll("#log li")].indexOf(document.querySelector("#log li.last"))`) != p.num(logLen)-1 {
		t.Errorf("%s: the last move is marked as %q", p.wd.name, last)
	}
	if got := p.str(`getComputedStyle(document.querySelector("#log li.last")).backgroundColor`); got == "rgba(0, 0, 0, 0)" {
		t.Errorf("%s: the last move is not highlighted", p.wd.name)
	}
	p.do("scroll to the bottom", js(`window.scrollTo(0, document.documentElement.scrollHeight)`))
	p.wait(`window.scrollY > 0`)
	status := p.shown("#status")
	top := p.num(`Math.round(document.getElementById("status").getBoundingClientRect().top)`)
	if top < 0 || top > 5 || !strings.Contains(status, m.Play.Phase) || !strings.Contains(status, "To move: B Ben") {
		t.Errorf("%s: scrolled down, the status at %dpx reads %q; want phase %q and Ben to move in view", p.wd.name, top, status, m.Play.Phase)
	}
	// The round as the game names it: Pebbles' first turn, both seats to play in it.
	if got := p.shown("#status #round"); got != "Turn 1" {
		t.Errorf("%s: the status bar names the round %q, want \"Turn 1\"", p.wd.name, got)
	}
	p.viewShot("status-scrolled-view")
	p.look("status-scrolled")
	// The score chart, drawn by the core; the score's breakdown as the
	// score cell's tooltip.
	// In the middle of the view, clear of the sticky status bar.
	p.do("show the chart's summary", js(`document.querySelector("#chartbox summary").scrollIntoView({block: "center"})`))
	p.click("#chartbox summary")
	p.wait(`document.getElementById("chartbox").open`)
	p.wait(`document.getElementById("chartimg").complete && document.getElementById("chartimg").naturalWidth === 800`)
	if got := p.str(`document.querySelector('#standings tr[data-seat="0"] td:nth-child(2)').title`); got != "nothing scored yet" {
		t.Errorf("%s: the score's breakdown reads %q", p.wd.name, got)
	}
	// Taking Ann's move back (Ben agrees at this screen): the log says so
	// and Ann is to move again.
	p.click("#undobtn")
	p.wait(`[...document.querySelectorAll("#log li")].some((li) => li.textContent.includes("took back move 1"))`)
	p.wait(`document.querySelector('#seatbar button.on').dataset.seat === "0"`)
	if got := p.shown("#status"); !strings.Contains(got, "To move: A Ann") {
		t.Errorf("%s: after the undo the status reads %q", p.wd.name, got)
	}
	if p.visible("#lastmove .head") {
		t.Errorf("%s: a move taken back is still shown as the last move: %q", p.wd.name, p.shown("#lastmove"))
	}
	p.look("undone")
	// Ann plays again, then Ben from another tab: the undo offered here
	// (Ann's move) is refused, and the refusal shows where the person
	// tapped, not in the move panel screens above.
	p.playChoices()
	p.wait(`document.querySelector('#seatbar button.on').dataset.seat === "1" && !document.getElementById("undobtn").hidden`)
	p.do("Ben plays from another tab", js(`window.other = undefined; (async () => {
		const id = st.match.id, ch = await api("GET", "matches/" + id + "/choices?seat=1&partial=take");
		await api("POST", "matches/" + id + "/moves", { seat: 1, move: ch.next.length ? "take " + ch.next[0].token : "pass" });
		return "ok";
	})().then((r) => { window.other = r; }, (e) => { window.other = e.message; })`), waitJS(`window.other !== undefined`))
	if got := p.str(`window.other`); got != "ok" {
		t.Fatalf("%s: Ben's move from another tab: %s", p.wd.name, got)
	}
	p.do("show the undo button", js(`document.getElementById("undobtn").scrollIntoView({block: "center"})`))
	p.click("#undobtn")
	p.wait(`document.getElementById("undoerror").checkVisibility()`)
	where := p.str(`(() => { const r = document.getElementById("undoerror").getBoundingClientRect(); return Math.round(r.top) + ".." + Math.round(r.bottom) + " of " + innerHeight; })()`)
	t.Logf("%s: the undo's refusal %q is at %s", p.wd.name, p.shown("#undoerror"), where)
	if !p.truth(`(() => { const r = document.getElementById("undoerror").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`) || p.shown("#undoerror") == "" {
		t.Errorf("%s: the undo's refusal %q is not in view: %s", p.wd.name, p.shown("#undoerror"), where)
	}
	p.viewShot("undo-refused-view")
}

// testLayout: the board, the hand and the move builder fit the width.
func testLayout(t *testing.T, p *page) {
	tc := e2eGames[0] // brass
	p.start()
	p.look("start")
	p.create(matchForm{game: tc.game, seats: tc.seats, seed: fmt.Sprint(tc.seed)})
	p.wait(`document.querySelectorAll("#hand .card").length > 0 && document.querySelectorAll("#choices button.choice").length > 0`)
	for _, sel := range []string{"#board", "#move", "#play", "#choices", "#hand", "#status"} {
		r := p.str(fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); const w = document.documentElement.clientWidth; return r.width > 0 && r.left >= 0 && r.right <= w + 0.5 ? "" : r.left + ".." + r.right + " of " + w; })()`, sel))
		if r != "" {
			t.Errorf("%s: %s does not fit the width: %s", p.wd.name, sel, r)
		}
	}
	if p.wd.mobile {
		if w := p.num(`Math.round(document.getElementById("board").getBoundingClientRect().width)`); w < 340 {
			t.Errorf("%s: the board is %dpx wide", p.wd.name, w)
		}
	}
	if n := p.num(`[...document.querySelectorAll("#choices button.choice, #hand .card")].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth).length`); n > 0 {
		t.Errorf("%s: %d choices or cards stick out", p.wd.name, n)
	}
	// The move box is named for a screen reader, as the list's box.
	if name, role := p.accessibleName(`document.getElementById("move")`); !regexp.MustCompile(`^Move as [ABC] Player [123]$`).MatchString(name) || name != p.shown("#turnhead") || role != "combobox" {
		t.Errorf("%s: the move box is a %q named %q", p.wd.name, role, name)
	}
	// What to do next is on the first screen: the prompt and its first
	// choice.
	prompt, choice := p.pageTop("#prompt"), p.num(`Math.round(document.querySelector("#choices button.choice").getBoundingClientRect().bottom + window.scrollY)`)
	t.Logf("%s: the move panel at %d px, its prompt at %d px, its first choice ends at %d px, the board at %d px (viewport %d px)", p.wd.name, p.pageTop("#turn"), prompt, choice, p.pageTop("#board"), p.wd.h)
	if choice > int(p.wd.h) {
		t.Errorf("%s: the prompt starts at %d px and its first choice ends at %d px, below the first screen (%d px)", p.wd.name, prompt, choice, p.wd.h)
	}
	if p.wd.mobile {
		if small := p.str(smallTargets); small != "" {
			t.Errorf("%s: controls smaller than a fingertip: %s", p.wd.name, small)
		}
		// A standings block's labels are written as the table's header.
		if got := p.str(`(() => { const td = document.querySelector("#standings.compact tbody td:nth-child(2)"); return td ? getComputedStyle(td, "::before").content : "not compact"; })()`); got != `"VP "` {
			t.Errorf("%s: the compact standings label the score %s", p.wd.name, got)
		}
	}
	p.look("match")
}

// testPlayToEnd plays a Pebbles match to its end through the choices; the
// page follows whoever must act, and the end is shown in the match and in
// the list.
func testPlayToEnd(t *testing.T, p *page) {
	p.start()
	id := p.create(matchForm{game: "pebbles", seats: 2, seed: "3", names: "Ann, Ben", option: [2]string{"pile", "6"}})
	if got := p.str(`[...document.querySelectorAll("#images figcaption")].map((c) => c.textContent).join("|")`); got != "Pile|Players|Your hand" {
		t.Errorf("%s: Ann sees images %q", p.wd.name, got)
	}
	if got := p.str(`[...document.querySelectorAll("#standings th")].map((c) => c.textContent).join("|")`); got != "Player|Wins|Cards" {
		t.Errorf("%s: standings columns %q", p.wd.name, got)
	}
	// The seat to move shows how long it has waited (the turn clock).
	if got := p.str(`[...document.querySelectorAll("#standings tbody tr")].map((r) => (r.classList.contains("active") ? "*" : "") + ((r.querySelector(".wait") || {}).textContent || "")).join("|")`); got != "*waiting less than a minute|" && got != "|*waiting less than a minute" {
		t.Errorf("%s: standings show the waits %q", p.wd.name, got)
	}
	for moves := 0; !strings.HasPrefix(p.shown("#tomove"), "Finished"); moves++ {
		if moves == 20 {
			t.Fatal("the match did not end in 20 moves")
		}
		seat := p.str(`document.querySelector('#seatbar button.on').dataset.seat`)
		p.playChoices()
		p.wait(fmt.Sprintf(`document.getElementById("tomove").innerText.startsWith("Finished") || document.querySelector('#seatbar button.on').dataset.seat !== %q`, seat))
	}
	if got := p.shown("#prompt"); got != "The match is finished; nothing more can be played." {
		t.Errorf("%s: the finished match says %q", p.wd.name, got)
	}
	wins := p.str(`[...document.querySelectorAll("#standings tbody tr")].map((r) => r.children[1].textContent).sort().join(",")`)
	if wins != "0,1" {
		t.Errorf("%s: final standings show wins %q", p.wd.name, wins)
	}
	p.checkResults("finished by play")
	p.look("finished")
	p.click("#listlink")
	p.wait(fmt.Sprintf(`!!document.querySelector('#matchlist a[data-match=%q]')`, id))
	if got := p.shown(fmt.Sprintf(`#matchlist a[data-match=%q]`, id)); !regexp.MustCompile(`Finished: (Ann|Ben) won`).MatchString(got) {
		t.Errorf("%s: the list shows the finished match as %q", p.wd.name, got)
	}
}

// checkResults: a finished match shows its final result, as the results
// post on Discord ranks it (place, score, what it scored in), and opens
// the score chart.
func (p *page) checkResults(what string) {
	p.t.Helper()
	p.wait(`!document.getElementById("resultspanel").hidden`)
	got := p.str(`[...document.querySelectorAll("#results li")].map((li) => li.value + ". " + li.innerText.replace(/\s+/g, " ").trim()).join("|")`)
	if !regexp.MustCompile(`^1\. [AB] (Ann|Ben): 1 win \(Last pebble taken 1\)\|2\. [AB] (Ann|Ben): 0 wins$`).MatchString(got) {
		p.t.Errorf("%s, %s: the final result reads %q", p.wd.name, what, got)
	}
	p.wait(`document.getElementById("chartbox").open && document.getElementById("chartimg").complete && document.getElementById("chartimg").naturalWidth === 800`)
	// The result comes before the last move's narration (the end's
	// scoring, screens long on a phone), and at once on a phone.
	results, last := p.pageTop("#resultspanel"), p.pageTop("#turn")
	p.t.Logf("%s, %s: the result at %d px, the move panel and last move at %d px", p.wd.name, what, results, last)
	if results > last || (p.wd.mobile && results > int(p.wd.h)/2) {
		p.t.Errorf("%s, %s: the result starts at %d px, the last move at %d px", p.wd.name, what, results, last)
	}
	// The chart zooms and opens alone, as the board does.
	if href, src := p.str(`(document.querySelector("#chartfig .zoomopen") || {}).href || ""`), p.str(`document.getElementById("chartimg").src`); href != src || !p.visible("#chartfig .zoombtn") {
		p.t.Errorf("%s, %s: the chart's zoom bar is missing, or opens %q for %q", p.wd.name, what, href, src)
	}
	// Nothing about a clock that can no longer change; the status says
	// the match is over once.
	if p.visible("#clocknote") || p.visible("#phase") {
		p.t.Errorf("%s, %s: a finished match shows the clock's help %q or the phase %q", p.wd.name, what, p.shown("#clocknote"), p.shown("#phase"))
	}
}

// testImportFinished: a record of a game that is over imports as a
// finished match showing its final result and score chart, as one played
// to its end does.
func testImportFinished(t *testing.T, p *page) {
	rec, err := playout.Playout(testgame.Game{}, playout.Config{Seats: []int{2}, Seed: 3, ReplayEvery: -1, ViewEvery: -1, OfferedEvery: -1}, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec.Players = []string{"Ann", "Ben"}
	p.importRecord(string(rec.Format()))
	if got := p.shown("#tomove"); !regexp.MustCompile(`^Finished: winner [AB] (Ann|Ben), then [AB] (Ann|Ben)$`).MatchString(got) {
		t.Errorf("%s: the imported finished match says %q", p.wd.name, got)
	}
	p.checkResults("imported")
	p.look("imported-finished")
}
