package bot_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
)

// TestBrassThroughService plays the start of a 3-player Brass match through
// the service, mixing moves built from the choices with suggestions, then
// checks that the export replays to the same position.
func TestBrassThroughService(t *testing.T) {
	ctx := context.Background()
	svc, o := startedBrass(t, ctx)
	m := o.Match
	g := brass.New()
	if !o.NewTurn || !slices.Equal(o.Notify, m.Play.Active) {
		t.Errorf("the start notifies %v (new turn %v), want the first player %v", o.Notify, o.NewTurn, m.Play.Active)
	}
	continued, turns := 0, 0
	for i := 0; i < 12; i++ {
		cur := o.Match
		seat := cur.Play.Active[0]
		user := cur.Seats[seat].UserID
		var move string
		if i%2 == 0 {
			// Click through: the first choice at every step.
			partial := ""
			for {
				ch, _, err := svc.Choices(ctx, bot.ByID(m.ID), user, partial)
				if err != nil {
					t.Fatalf("choices after %q: %v", partial, err)
				}
				if ch.Complete {
					break
				}
				partial = strings.TrimSpace(partial + " " + ch.Next[0].Token)
			}
			move = partial
		} else {
			// Type: the first complete suggestion for a loan.
			sug, err := svc.Suggest(ctx, bot.ByID(m.ID), user, "loan ", 25)
			if err != nil || len(sug) == 0 {
				t.Fatalf("suggest: %v %v", err, sug)
			}
			for len(sug) > 0 && !sug[0].Complete {
				sug, err = svc.Suggest(ctx, bot.ByID(m.ID), user, sug[0].Text+" ", 25)
				if err != nil {
					t.Fatal(err)
				}
			}
			if len(sug) == 0 {
				t.Fatal("no complete suggestion")
			}
			move = sug[0].Text
		}
		var err error
		o, err = svc.Submit(ctx, bot.SubmitRequest{Ref: bot.InChannel("b"), UserID: user, Move: move, RequestID: fmt.Sprint("r", i), ExpectVersion: cur.Version})
		if err != nil {
			t.Fatalf("move %d %q by seat %d: %v", i+1, move, seat+1, err)
		}
		if len(o.EventsFor(engine.Spectator)) == 0 {
			t.Errorf("move %q narrated nothing", move)
		}
		// From round 2 a turn is two actions: the first continues the
		// turn (no new turn, nobody to notify), the second ends it.
		next := o.Match.Play
		if slices.Equal(next.Active, []int{seat}) && next.Turn == cur.Play.Turn {
			continued++
			if o.NewTurn || len(o.Notify) > 0 {
				t.Errorf("move %d %q continues seat %d's turn but reports a new turn for %v", i+1, move, seat+1, o.Notify)
			}
		} else {
			turns++
			if !o.NewTurn || !slices.Equal(o.Notify, next.Active) {
				t.Errorf("move %d %q ends seat %d's turn: new turn %v for %v, want seats %v", i+1, move, seat+1, o.NewTurn, o.Notify, next.Active)
			}
		}
	}
	if continued == 0 || turns == 0 {
		t.Errorf("%d moves continued a turn and %d began one: the test plays too little", continued, turns)
	}
	priv, err := svc.Private(ctx, bot.ByID(m.ID), bob.ID)
	if err != nil || len(priv.View.(brass.View).Hand) == 0 {
		t.Errorf("bob's hand: %v", err)
	}
	rec, err := svc.Export(ctx, bot.ByID(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := engine.ParseRecord(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Replay(g, parsed)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := g.MarshalState(res.State)
	cur, err := svc.Get(ctx, bot.ByID(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(bot.SnapshotOf(cur)) {
		t.Error("the exported record does not replay to the stored position")
	}
	topics, err := svc.Help("brass", "canal", 5)
	if err != nil || len(topics) == 0 {
		t.Errorf("help: %v %d", err, len(topics))
	}
}

// startedBrass starts a 3-player Brass match (Alice, Bob, Carol; seed 99)
// in channel "b" on a memory store.
func startedBrass(t *testing.T, ctx context.Context) (*bot.Service, bot.Outcome) {
	t.Helper()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(brass.New()), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "b", Game: "brass", Creator: alice, Seed: 99})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []bot.UserRef{bob, carol} {
		if _, err := svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
			t.Fatal(err)
		}
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	return svc, o
}

// TestBrassNamesForTheViewer: what a seat reads of the game names the
// other seats by their players and its own possessions "your": the
// choices of its move (one's own coal mine is not "seat 1's coal mine"),
// its own moves in the second person, and its cards by their names.
func TestBrassNamesForTheViewer(t *testing.T) {
	ctx := context.Background()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(brass.New()), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	rec := fmt.Sprintf("Game: brass\nRules: %d\nSeed: 1\nSeats: 3\nPlayers: Alice, Bob, Carol\n\n", brass.New().Info().RulesVersion) +
		"1 s1 build coal warrington card:warrington\n2 s2 build cotton bury card:cotton\n3 s3 build port preston card:port\n" +
		"4 s1 pass card:fleetwood\n5 s1 canal ellesmere-warrington card:macclesfield\n6 s3 loan 20 card:macclesfield\n" +
		"7 s3 pass card:stockport\n8 s2 build coal blackburn cards:blackburn+liverpool\n9 s3 build coal burnley cards:cotton+manchester\n"
	m, err := svc.Import(ctx, bot.ImportRequest{Channel: "b", Record: rec, Users: []bot.UserRef{alice, bob, carol}})
	if err != nil {
		t.Fatal(err)
	}
	ch, _, err := svc.Choices(ctx, bot.ByID(m.ID), alice.ID, "build coal")
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, c := range ch.Next {
		labels = append(labels, c.Label)
	}
	if got := strings.Join(labels, "|"); !strings.Contains(got, "Warrington & Runcorn, over your coal mine 1") || strings.Contains(got, "seat ") {
		t.Errorf("alice's choices read %q, want her own coal mine as \"your coal mine\"", got)
	}
	hist, err := svc.History(ctx, bot.ByID(m.ID), 0)
	if err != nil {
		t.Fatal(err)
	}
	var alices, bobs []string
	for _, e := range hist[1].Events {
		alices = append(alices, e.Text)
	}
	hist, err = svc.History(ctx, bot.ByID(m.ID), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range hist[1].Events {
		bobs = append(bobs, e.Text)
	}
	if got := strings.Join(alices, "; "); !strings.Contains(got, "you build a coal mine 1 in Warrington & Runcorn") || strings.Contains(got, "seat ") {
		t.Errorf("alice reads her first move as %q", got)
	}
	if got := strings.Join(bobs, "; "); !strings.Contains(got, "Alice builds a coal mine 1 in Warrington & Runcorn") || strings.Contains(got, "you build") {
		t.Errorf("bob reads alice's first move as %q", got)
	}
	// Cards drawn are named as the hand names them.
	var drew string
	for _, e := range hist[0].Events {
		if e.Kind == "draw" && e.Audience == 1 {
			drew = e.Text
		}
	}
	priv, err := svc.Private(ctx, bot.ByID(m.ID), bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(drew, "you draw ") || len(priv.Holding.Cards) == 0 {
		t.Fatalf("bob's first draw %q", drew)
	}
	for _, w := range strings.Split(strings.TrimPrefix(drew, "you draw "), ", ") {
		if w == "" || strings.ToLower(w) == w {
			t.Errorf("bob's draw %q names a card %q by its token", drew, w)
		}
	}
}
