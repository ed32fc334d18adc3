package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
)

// hostText is one refusal the core words: the error, its English text
// exactly as before the host's texts moved into the catalog, and what the
// German and French texts must contain (the data, worded in the language).
type hostText struct {
	name   string
	err    error
	en     string
	de, fr []string
}

// checkHostTexts: each refusal reads its English unchanged, and in German
// and French with no English sentence of the host's or Pebbles' catalog,
// different from the English, with its data in place.
func checkHostTexts(t *testing.T, svc *bot.Service, cases []hostText) {
	t.Helper()
	ctx := context.Background()
	info := testgame.Game{}.Info()
	for _, c := range cases {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if got := svc.Explain(ctx, c.err).Text; got != c.en {
			t.Errorf("%s English:\n got %q\nwant %q", c.name, got, c.en)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			p := svc.ExplainIn(ctx, c.err, engine.WordsFor(info, l, nil))
			servicetest.CheckText(t, c.name+" "+string(l), p.Text)
			if p.Text == c.en {
				t.Errorf("%s %s reads as in English: %q", c.name, l, p.Text)
			}
			for _, cat := range []*lang.Catalog{bot.Catalog(), info.Catalog} {
				if eng := cat.EnglishIn(l, p.Text); len(eng) > 0 {
					t.Errorf("%s %s: %q has English %q", c.name, l, p.Text, eng)
				}
			}
			want := c.de
			if l == lang.French {
				want = c.fr
			}
			for _, w := range want {
				if !strings.Contains(p.Text, w) {
					t.Errorf("%s %s: %q lacks %q", c.name, l, p.Text, w)
				}
			}
		}
	}
}

func errOf[T any](_ T, err error) error { return err }

// TestClockAndQuietTextsInEveryLanguage: the clock's, the lengths of
// time's, the quiet hours' and the absences' refusals, the lengths of time
// in them worded by the language (plural forms).
func TestClockAndQuietTextsInEveryLanguage(t *testing.T) {
	svc := newService(t, servicetest.Store(t))
	ctx := context.Background()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) // newService's clock
	checkHostTexts(t, svc, []hostText{
		{"remind", bot.ClockSettings{Remind: 10 * time.Minute}.Check(),
			"A reminder interval is from 1 hour to 2 weeks, or off; 10 minutes is not.",
			[]string{"1 Stunde", "2 Wochen", "10 Minuten"}, []string{"1\u00a0heure", "2\u00a0semaines", "10\u00a0minutes"}},
		{"remind one", bot.ClockSettings{Remind: time.Minute}.Check(),
			"A reminder interval is from 1 hour to 2 weeks, or off; 1 minute is not.",
			[]string{"1 Minute "}, []string{"1\u00a0minute "}},
		{"deadline", bot.ClockSettings{Deadline: 2 * time.Hour}.Check(),
			"A turn deadline is from 12 hours to 4 weeks 2 days, or off; 2 hours is not.",
			[]string{"12 Stunden", "4 Wochen 2 Tage", "2 Stunden"}, []string{"12\u00a0heures", "4\u00a0semaines 2\u00a0jours", "2\u00a0heures"}},
		{"on deadline", bot.ClockSettings{OnDeadline: "explode"}.Check(),
			`At a deadline the match can remind or replace, not "explode".`,
			[]string{"remind", "replace", "„explode“"}, []string{"remind", "replace", "«\u00a0explode\u00a0»"}},
		{"span none", errOf(bot.ParseSpan(" ")), "No length of time was given; write it like 12h, 3d or 1w.",
			[]string{"12h, 3T oder 1W"}, []string{"12h, 3j ou 1sem"}},
		{"span bad", errOf(bot.ParseSpan("soon")), `"soon" is not a length of time; write it like 12h, 3d or 1w.`,
			[]string{"„soon“"}, []string{"«\u00a0soon\u00a0»"}},
		{"span unit", errOf(bot.ParseSpan("3x")), `"3x" is not a length of time; the units are w (weeks), d (days), h (hours) and m (minutes).`,
			[]string{"„3x“", "W (Wochen), T (Tage)"}, []string{"«\u00a03x\u00a0»", "sem (semaines), j (jours)"}},
		{"span year", errOf(bot.ParseSpan("60w")), `"60w" is longer than a year.`,
			[]string{"„60w“"}, []string{"«\u00a060w\u00a0»"}},
		{"zone", errOf(bot.ParseQuiet("22-7", "Mars/Olympus")), `"Mars/Olympus" is not a time zone; use a name like Europe/Berlin, America/New_York or UTC.`,
			[]string{"„Mars/Olympus“"}, []string{"«\u00a0Mars/Olympus\u00a0»"}},
		{"quiet form", errOf(bot.ParseQuiet("22", "")), `Quiet hours are written from-to, like 22-7 or 22:30-07:00; "22" is not.`,
			[]string{"„22“"}, []string{"«\u00a022\u00a0»"}},
		{"quiet time", errOf(bot.ParseQuiet("25-7", "")), `Quiet hours are written from-to, like 22-7 or 22:30-07:00; "25-7" is not.`,
			[]string{"„25-7“"}, []string{"«\u00a025-7\u00a0»"}},
		{"quiet empty", errOf(bot.ParseQuiet("7-07:00", "")), "Quiet hours from 7 to 07:00 are empty.",
			[]string{"7 bis 07:00"}, []string{"7 à 07:00"}},
		{"away past", errOf(svc.SetAway(ctx, alice.ID, now.Add(-time.Hour))), "Away until 2026-01-02 02:04 UTC is not in the future.",
			[]string{"2026-01-02 02:04 UTC"}, []string{"2026-01-02 02:04 UTC"}},
		{"away long", errOf(svc.SetAway(ctx, alice.ID, now.Add(400*24*time.Hour))), "An absence lasts at most 8 weeks 4 days; ask again when it is over.",
			[]string{"8 Wochen 4 Tage"}, []string{"8\u00a0semaines 4\u00a0jours"}},
		{"no user", errOf(svc.SetAway(ctx, "", now.Add(time.Hour))), "No user was given.", nil, nil},
	})
}

// TestLobbyAndComputerTextsInEveryLanguage: the lobby's, the computer
// players', the undo's, the vote's and the replacement's refusals; the
// game's name in the reader's language.
func TestLobbyAndComputerTextsInEveryLanguage(t *testing.T) {
	svc := newService(t, servicetest.Store(t))
	ctx := context.Background()
	create := func(req bot.CreateRequest) error {
		req.Game, req.Creator = "pebbles", alice
		if req.Channel == "" {
			req.Channel = "lobby-texts"
		}
		_, err := svc.CreateMatch(ctx, req)
		return err
	}
	m := started(t, ctx, svc, "texts", "")
	if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: alice.ID, Move: "take 1"}); err != nil {
		t.Fatal(err)
	}
	lobby, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "full", Game: "pebbles", Creator: alice, MaxSeats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.AddComputer(ctx, bot.ByID(lobby.ID), alice.ID, "strong"); err != nil {
		t.Fatal(err)
	}
	checkHostTexts(t, svc, []hostText{
		{"no channel", errOf(svc.CreateMatch(ctx, bot.CreateRequest{Game: "pebbles", Creator: alice})), "A match needs a channel and a creator.", nil, nil},
		{"seats", create(bot.CreateRequest{MaxSeats: 9}), "The number of players does not fit the game: Pebbles (test game) plays with 2 to 4 players, not 2 to 9 players.",
			[]string{"Kiesel (Testspiel)", "2 bis 4 Personen", "2 bis 9 Personen"}, []string{"2 à 4 joueurs", "2 à 9 joueurs"}},
		{"seats one", create(bot.CreateRequest{MinSeats: 1, MaxSeats: 1}), "The number of players does not fit the game: Pebbles (test game) plays with 2 to 4 players, not 1 player.",
			[]string{"nicht mit 1 Person"}, []string{"pas avec 1 joueur"}},
		{"option", create(bot.CreateRequest{Options: map[string]string{"speed": "9"}}), `Pebbles (test game) has no option "speed"; its options are pile.`,
			[]string{"Kiesel (Testspiel)", "„speed“", "pile."}, []string{"Cailloux (jeu de test)", "«\u00a0speed\u00a0»", "pile."}},
		{"rules", create(bot.CreateRequest{RulesVersion: 99}), "This build does not play version 99 of the Pebbles (test game) rules; it plays versions 1 to 2.",
			[]string{"Kiesel (Testspiel)", "Version 99", "Versionen 1 bis 2."}, []string{"version 99", "les versions 1 à 2."}},
		{"level", errOf(bot.ParseComputerLevel("grandmaster")), `There is no computer level "grandmaster"; the levels are easy, normal, strong.`,
			[]string{"„grandmaster“"}, []string{"«\u00a0grandmaster\u00a0»"}},
		{"computer full", errOf(svc.AddComputer(ctx, bot.ByID(lobby.ID), alice.ID, "easy")), "The lobby is full: all 2 seats are taken: there is no seat for a computer.",
			[]string{"alle 2 Plätze"}, []string{"les 2 places"}},
		{"not computer", errOf(svc.RemoveComputer(ctx, bot.ByID(lobby.ID), alice.ID, 0)), "Seat 1 is not a computer's.",
			[]string{"Platz 1"}, []string{"place 1"}},
		{"computer adds", errOf(svc.AddComputer(ctx, bot.ByID(lobby.ID), bob.ID, "easy")), "Only Alice, who created this match, may do that.",
			[]string{"Alice"}, []string{"Alice"}},
		{"undo", errOf(svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(m.ID), UserID: bob.ID})),
			"Only Alice can take back the last move (move 1, `take 1`): a move can be taken back only by whoever played it, before anyone else acts.",
			[]string{"Alice", "Zug 1", "`take 1`"}, []string{"Alice", "coup 1", "`take 1`"}},
		{"vote", errOf(svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), UserID: bob.ID, Seat: 0, Choice: "maybe"})),
			`A vote is to wait, default, open or computer, not "maybe".`, []string{"„maybe“"}, []string{"«\u00a0maybe\u00a0»"}},
		{"replace nobody", errOf(svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), By: alice.ID, Seat: 1})),
			"A replacement needs the player who takes the seat.", nil, nil},
		{"move long", errOf(svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: bob.ID, Move: strings.Repeat("x", 600)})),
			"That is too long: a move has at most 500 characters, this one has 600.", []string{"500", "600"}, []string{"500", "600"}},
	})
}

// TestRecordTextsInEveryLanguage: refusals of match records (the seats
// and players, with the plural forms of 0, 1 and many; a move that breaks
// a rule, worded by the game's catalog; a syntax error's frame; a pin or
// an option value the game refuses, worded by the game's catalog, in an
// import and in a lobby's trial setup) and of rules versions this build
// lacks.
func TestRecordTextsInEveryLanguage(t *testing.T) {
	svc := newService(t, servicetest.Store(t))
	ctx := context.Background()
	const head = "# Smokestack match record\nGame: pebbles\nRules: 2\nSeed: 43\nSeats: 3\n\n"
	rec := head + "1 s1 take 3\n"
	users := []bot.UserRef{alice, bob, carol, {ID: "u:dave", Name: "Dave"}}
	pebbles := testgame.Game{}.Info()
	imp := func(n int) error {
		return errOf(svc.Import(ctx, bot.ImportRequest{Channel: "imp", Record: rec, Users: users[:n]}))
	}
	importRec := func(rec string) error {
		return errOf(svc.Import(ctx, bot.ImportRequest{Channel: "imp", Record: rec, Users: users[:3]}))
	}
	invite := func(rec string, users ...bot.UserRef) error {
		return errOf(svc.InviteImport(ctx, bot.ImportInvite{Channel: "inv", Record: rec, Users: users}))
	}
	checkHostTexts(t, svc, []hostText{
		{"import 0", imp(0), "The match record has 3 seats, but 0 players were given.",
			[]string{"3 Plätze", "0 Personen wurden"}, []string{"3 places", "0 joueur a été donné"}},
		{"import 1", imp(1), "The match record has 3 seats, but 1 player was given.",
			[]string{"3 Plätze", "1 Person wurde"}, []string{"3 places", "1 joueur a été donné"}},
		{"import 4", imp(4), "The match record has 3 seats, but 4 players were given.",
			[]string{"4 Personen wurden"}, []string{"4 joueurs ont été donnés"}},
		{"invite 2", invite(rec, alice, bob), "The match record has 3 players, but 2 players were named.",
			[]string{"3 Personen", "2 Personen wurden"}, []string{"3 joueurs", "2 joueurs ont été nommés"}},
		{"invite 1", invite(rec, alice), "The match record has 3 players, but 1 player was named.",
			[]string{"1 Person wurde"}, []string{"1 joueur a été nommé"}},
		{"invite twice", invite(rec, alice, bob, bot.UserRef{ID: bob.ID, Name: "Bob"}), "Bob is named for two seats; each seat needs its own player.",
			[]string{"Bob"}, []string{"Bob"}},
		{"rule", importRec(head + "1 s1 take 3\n2 s2 take 9\n"),
			`The match record's line 8 (move 2), seat 2 playing "take 9", cannot be played: it breaks a rule: you hold no card "9".`,
			[]string{"Zeile 8", "Zug 2", "Platz 2", "„take 9“"}, []string{"ligne 8", "coup 2", "place 2", "«\u00a0take 9\u00a0»"}},
		{"syntax", importRec(head + "Seats: 4\n"),
			"Line 7 of the match record: duplicate Seats header.",
			[]string{"Zeile 7", "Kopfzeile Seats doppelt"}, []string{"Ligne 7", "en-tête Seats en double"}},
		{"syntax excerpt", importRec(head + "hello\u200bworld\n"),
			`Line 7 of the match record: expected a header (Key: value) or a move (number, seat, notation), got "hello\u200bworld".`,
			[]string{"Zeile 7", "„hello[Leerzeichen ohne Breite]world“"}, []string{"Ligne 7", "«\u00a0hello[espace sans chasse]world\u00a0»"}},
		{"syntax whole", importRec("Game: pebbles\n"),
			"The match record: missing header Rules, Seed, Seats.",
			[]string{"Kopfzeile Rules, Seed, Seats"}, []string{"l’en-tête Rules, Seed, Seats"}},
		{"rules version", importRec(strings.Replace(rec, "Rules: 2", "Rules: 9", 1)),
			"This build does not play version 9 of the Pebbles (test game) rules; it plays versions 1 to 2.",
			[]string{"Version 9", "Kiesel (Testspiel)", "Versionen 1 bis 2"}, []string{"version 9", "Cailloux (jeu de test)", "versions 1 à 2"}},
		{"seats", errOf(svc.Import(ctx, bot.ImportRequest{Channel: "imp", Record: strings.Replace(rec, "Seats: 3", "Seats: 1", 1), Users: users[:1]})),
			"The number of players does not fit the game: Pebbles (test game) plays with 2 to 4 players, not 1 player.",
			[]string{"Kiesel (Testspiel)", "2 bis 4"}, []string{"Cailloux (jeu de test)", "2 à 4"}},
		{"option", importRec(strings.Replace(rec, "Seats: 3\n", "Seats: 3\nOption: speed=9\n", 1)),
			`Pebbles (test game) has no option "speed"; its options are pile.`,
			[]string{"Kiesel (Testspiel)", "„speed“"}, []string{"Cailloux (jeu de test)", "«\u00a0speed\u00a0»"}},
		{"setup", importRec(strings.Replace(rec, "Seats: 3\n", "Seats: 3\nPin: colour=red\n", 1)),
			`The match record's setup is not valid: unknown pin "colour".`,
			[]string{"Einstellungen des Partieprotokolls sind ungültig: unbekannte Festlegung „colour“."},
			[]string{"mise en place du relevé de partie n’est pas valide\u00a0: valeur imposée inconnue «\u00a0colour\u00a0»."}},
		{"setup value", importRec(strings.Replace(rec, "Seats: 3\n", "Seats: 3\nPin: deck=1,2,x\u200b\n", 1)),
			`The match record's setup is not valid: pin deck: bad card "x[zero-width space]".`,
			[]string{"ungültig: Festlegung deck: falsche Karte „x[Leerzeichen ohne Breite]“."},
			[]string{"valide\u00a0: valeur imposée deck\u00a0: carte «\u00a0x[espace sans chasse]\u00a0» incorrecte."}},
		{"setup option", importRec(strings.Replace(rec, "Seats: 3\n", "Seats: 3\nOption: pile=1000\n", 1)),
			`The match record's setup is not valid: option pile="1000" must be a number from 5 to 99.`,
			[]string{"ungültig: Option pile=„1000“: erlaubt ist eine Zahl von 5 bis 99."},
			[]string{"valide\u00a0: le tas (option pile) est un nombre de 5 à 99, pas «\u00a01000\u00a0»."}},
		{"lobby setup", errOf(svc.CreateMatch(ctx, bot.CreateRequest{Channel: "lobby", Game: "pebbles", Creator: alice, Options: map[string]string{"pile": "zero"}})),
			`Option pile="zero" must be a number from 5 to 99.`,
			[]string{"Option pile=„zero“: erlaubt ist eine Zahl von 5 bis 99."},
			[]string{"Le tas (option pile) est un nombre de 5 à 99, pas «\u00a0zero\u00a0»."}},
		{"lobby pin", errOf(svc.CreateMatch(ctx, bot.CreateRequest{Channel: "lobby", Game: "pebbles", Creator: alice, Pins: map[string]string{"deck": "1,9"}})),
			`Pin deck: bad card "9".`,
			[]string{"Festlegung deck: falsche Karte „9“."},
			[]string{"Valeur imposée deck\u00a0: carte «\u00a09\u00a0» incorrecte."}},
		{"result", importRec(strings.Replace(rec, "Seats: 3\n", "Seats: 3\nResult: ranking 1 2 3\n", 1)),
			`The match record cannot be played: the record says "ranking 1 2 3", the replay gives "not finished".`,
			[]string{"„ranking 1 2 3“", "nicht zu Ende"}, []string{"«\u00a0ranking 1 2 3\u00a0»", "n’est pas terminée"}},
		{"turn", importRec(head + "1 s2 take 3\n"),
			`The match record's line 7 (move 1), seat 2 playing "take 3", cannot be played: it is not that seat's turn.`,
			[]string{"Zeile 7", "nicht am Zug"}, []string{"ligne 7", "pas le tour"}},
		{"unknown game", &bot.RulesVersionError{Match: "m1", Game: "chess", Name: "chess", UnknownGame: true},
			"This match cannot be continued here: it is a game (chess) that this build of the bot does not have. If the bot is being upgraded, try again in a few minutes. Other matches are not affected.",
			[]string{"(chess)"}, []string{"(chess)"}},
		{"older", &bot.RulesVersionError{Match: "m1", Game: "pebbles", Name: pebbles.Name, Info: &pebbles, Version: 1, Oldest: 2, Current: 3},
			"This match cannot be continued here: it was played under version 1 of the Pebbles (test game) rules, by an older build, and this build plays versions 2 to 3. It can still be aborted; other matches are not affected.",
			[]string{"Version 1 der Regeln von Kiesel (Testspiel)", "Versionen 2 bis 3"}, []string{"version 1 des règles de Cailloux (jeu de test)", "les versions 2 à 3"}},
		{"newer", &bot.RulesVersionError{Match: "m1", Game: "pebbles", Name: pebbles.Name, Info: &pebbles, Version: 4, Oldest: 2, Current: 2},
			"This match cannot be continued here: it was played under version 4 of the Pebbles (test game) rules, by a newer build, and this build plays version 2. If the bot is being upgraded, try again in a few minutes; otherwise it can still be aborted. Other matches are not affected.",
			[]string{"Version 4 der Regeln von Kiesel (Testspiel)", "spielt Version 2."}, []string{"version 4 des règles de Cailloux (jeu de test)", "joue la version 2."}},
	})
}

// TestHostWordsInEveryLanguage: the computers' names (stored in English,
// worded at display time everywhere the host names seats), a resignation,
// the abandon notice and the unconfirmed-move note in every language.
func TestHostWordsInEveryLanguage(t *testing.T) {
	svc := newService(t, servicetest.Store(t))
	ctx := context.Background()
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "cpu", Game: "pebbles", Creator: alice, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"normal", "normal", "strong"} {
		if m, err = svc.AddComputer(ctx, bot.ByID(m.ID), alice.ID, l); err != nil {
			t.Fatal(err)
		}
	}
	want := map[lang.Lang][]string{
		lang.English: {"Alice", "Computer (normal)", "Computer 2 (normal)", "Computer (strong)"},
		lang.German:  {"Alice", "Computer (mittel)", "Computer 2 (mittel)", "Computer (stark)"},
		lang.French:  {"Alice", "Ordinateur (moyen)", "Ordinateur 2 (moyen)", "Ordinateur (fort)"},
	}
	if got := m.Names(); strings.Join(got, "|") != strings.Join(want[lang.English], "|") {
		t.Fatalf("stored names %q", got)
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	m = o.Match
	for l, names := range want {
		if got := m.NamesIn(l); strings.Join(got, "|") != strings.Join(names, "|") {
			t.Errorf("%s names %q, want %q", l, got, names)
		}
		w := m.WordsIn(l)
		for i, n := range names {
			if w.Seat(i) != n || m.Seats[i].NameIn(l) != n || bot.PlayerNameIn(l, m.Seats[i].Name) != n {
				t.Errorf("%s seat %d: %q, want %q", l, i, w.Seat(i), n)
			}
		}
		// A refusal naming whom the match waits for.
		p := svc.ExplainIn(ctx, &bot.Error{Kind: bot.KindNotYourTurn, Who: []string{m.Seats[2].Name}}, w)
		if !strings.Contains(p.Text, names[2]) {
			t.Errorf("%s not your turn: %q", l, p.Text)
		}
		if l != lang.English {
			if eng := bot.Catalog().EnglishIn(l, p.Text); len(eng) > 0 {
				t.Errorf("%s: %q has English %q", l, p.Text, eng)
			}
		}
	}
	if got := bot.ComputerNameIn(lang.French, "strong", 3); got != "Ordinateur 3 (fort)" {
		t.Errorf("French third strong computer: %q", got)
	}
	if got := bot.ComputerName("easy", 1); got != "Computer (easy)" {
		t.Errorf("English name: %q", got)
	}
	// A person's name is never changed, even one that looks like a level.
	for _, n := range []string{"Computer", "Computer (genius)", "Computer 0x (normal)", "Alice"} {
		if got := bot.PlayerNameIn(lang.German, n); got != n {
			t.Errorf("%q reads %q in German", n, got)
		}
	}
	st := bot.PlayerStats{Name: "Computer (strong)", Computer: "strong"}
	if st.NameIn(lang.German) != "Computer (stark)" || st.NameIn(lang.English) != "Computer (strong)" {
		t.Errorf("stats name: %q", st.NameIn(lang.German))
	}
	if r := (bot.SeatResult{Name: "Computer 2 (normal)"}); r.NameIn(lang.French) != "Ordinateur 2 (moyen)" {
		t.Errorf("result name: %q", r.NameIn(lang.French))
	}

	// A resignation, for everyone and for the seat that resigns.
	g := started(t, ctx, svc, "resign", "")
	res, err := svc.Resign(ctx, bot.ByID(g.ID), bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		l         lang.Lang
		all, seat string
	}{
		{lang.English, "Bob resigns; the match ends", "you resign; the match ends"},
		{lang.German, "Bob gibt auf; die Partie endet", "du gibst auf; die Partie endet"},
		{lang.French, "Bob abandonne\u00a0; la partie se termine", "tu abandonnes\u00a0; la partie se termine"},
	} {
		all, own := res.Narration(engine.Spectator, res.Match.WordsIn(c.l)), res.Narration(1, res.Match.WordsIn(c.l))
		if len(all) != 1 || all[0] != c.all || len(own) != 1 || own[0] != c.seat {
			t.Errorf("%s resignation: %q, %q", c.l, all, own)
		}
	}
	if res.Events[0].Text != "seat 2 resigns; the match ends" || res.Events[0].Own != "you resign; the match ends" {
		t.Errorf("English fields: %+v", res.Events[0])
	}

	// The abandon notice and the unconfirmed note.
	at := func(tm time.Time) string { return tm.Format("2006-01-02") }
	ends := time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		a    bot.AbandonState
		en   string
		data map[lang.Lang]string
	}{
		{bot.AbandonState{Abandoned: true, After: 30 * 24 * time.Hour},
			"Ended as abandoned: nobody moved for 4 weeks 2 days. The match is kept: its record can still be downloaded.",
			map[lang.Lang]string{lang.German: "nach 4 Wochen 2 Tagen ohne Zug", lang.French: "4\u00a0semaines 2\u00a0jours"}},
		{bot.AbandonState{Abandoned: true, After: 24 * time.Hour},
			"Ended as abandoned: nobody moved for 1 day. The match is kept: its record can still be downloaded.",
			map[lang.Lang]string{lang.German: "Inaktivität beendet: nach 1 Tag ohne Zug.", lang.French: "pendant 1\u00a0jour."}},
		{bot.AbandonState{Abandoned: true},
			"Ended as abandoned: nobody moved for too long. The match is kept: its record can still be downloaded.",
			map[lang.Lang]string{lang.German: "zu lange", lang.French: "trop longtemps"}},
		{bot.AbandonState{Warned: true, Ends: ends, Idle: 24 * time.Hour},
			"No move for 1 day: this match ends as abandoned on 2026-03-04 unless someone moves.",
			map[lang.Lang]string{lang.German: "1 Tag", lang.French: "1\u00a0jour"}},
		{bot.AbandonState{Warned: true, Ends: ends, Idle: 50 * time.Hour},
			"No move for 2 days 2 hours: this match ends as abandoned on 2026-03-04 unless someone moves.",
			map[lang.Lang]string{lang.German: "2 Tage 2 Stunden ohne Zug", lang.French: "2\u00a0jours 2\u00a0heures"}},
	} {
		if got := c.a.Notice(at); got != c.en {
			t.Errorf("English notice %q, want %q", got, c.en)
		}
		for l, d := range c.data {
			got := c.a.NoticeIn(l, at)
			if !strings.Contains(got, d) || (c.a.Warned && !strings.Contains(got, "2026-03-04")) {
				t.Errorf("%s notice %q lacks %q", l, got, d)
			}
			if eng := bot.Catalog().EnglishIn(l, got); len(eng) > 0 || got == c.en {
				t.Errorf("%s notice %q has English %q", l, got, eng)
			}
		}
	}
	if (bot.AbandonState{}).NoticeIn(lang.German, at) != "" {
		t.Error("a notice without a warning")
	}
	if bot.UnconfirmedNote() != "Your move is in, but the store could not yet confirm that a second copy holds it. If the board later shows the match without it, play it again." {
		t.Errorf("English note %q", bot.UnconfirmedNote())
	}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		if n := bot.UnconfirmedNoteIn(l); n == bot.UnconfirmedNote() || len(bot.Catalog().EnglishIn(l, n)) > 0 {
			t.Errorf("%s note %q", l, n)
		}
	}
}

// TestLogHowInEveryLanguage: how a move came about when its player did not
// make it is read from the core's own note, and worded in each language;
// English stays as the log has always read it.
func TestLogHowInEveryLanguage(t *testing.T) {
	cases := []struct {
		note string
		en   string
	}{
		{"", ""},
		{"computer move (normal): Alice's seat", "computer move (normal)"},
		{"computer move (strong)", "computer move (strong)"},
		{"default move: no move for 2 days", "default move"},
	}
	for _, c := range cases {
		e := bot.LogEntry{Note: c.note}
		if got := e.How(); got != c.en {
			t.Errorf("How(%q) = %q, want %q", c.note, got, c.en)
		}
		if got := e.HowIn(lang.English); got != c.en {
			t.Errorf("HowIn(en, %q) = %q, want %q", c.note, got, c.en)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			got := e.HowIn(l)
			if c.note == "" {
				if got != "" {
					t.Errorf("HowIn(%s, empty) = %q, want empty", l, got)
				}
				continue
			}
			if got == "" || got == c.en {
				t.Errorf("HowIn(%s, %q) = %q: not worded in %s", l, c.note, got, l)
			}
			if strings.Contains(got, "move") {
				t.Errorf("HowIn(%s, %q) = %q: English left in", l, c.note, got)
			}
		}
	}
}

// TestEchoInEveryLanguage: user input repeated in a refusal names its
// invisible characters in the reader's language, at display time (the
// refusal is made once, in no language), and reads as before in English.
func TestEchoInEveryLanguage(t *testing.T) {
	svc := newService(t, servicetest.Store(t))
	_, errLang := bot.ParseLang("\u200bklingon\x07\u202e")
	_, _, errSeed := bot.ParseSeed("4\u00ad2\x01x")
	checkHostTexts(t, svc, []hostText{
		{"language", errLang,
			`There is no language "[zero-width space]klingon[control character U+0007][right-to-left override]" here; the languages are ` + lang.List() + ".",
			[]string{"„[Leerzeichen ohne Breite]klingon[Steuerzeichen U+0007][Rechts-nach-links-Erzwingung]“"},
			[]string{"«\u00a0[espace sans chasse]klingon[caractère de contrôle U+0007][forçage droite-à-gauche]\u00a0»"}},
		{"seed", errSeed,
			`A seed is a whole number from 0 to ` + bot.MaxSeedText + `, and "4[soft hyphen]2[control character U+0001]x" is not.`,
			[]string{"„4[weiches Trennzeichen]2[Steuerzeichen U+0001]x“"},
			[]string{"«\u00a04[trait d’union conditionnel]2[caractère de contrôle U+0001]x\u00a0»"}},
	})
	// Every named character has its own name in every language, and the
	// input is cut as before.
	for _, r := range "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff\ufffd\u0001\U000e0001" {
		en := bot.EchoIn(lang.English, string(r))
		if en != bot.Echo(string(r)) || !strings.HasPrefix(en, "[") || strings.Contains(en, "invisible.") {
			t.Errorf("%U: English %q", r, en)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			if got := bot.EchoIn(l, string(r)); got == en || strings.Contains(got, "invisible.") {
				t.Errorf("%U %s: %q (English %q)", r, l, got, en)
			}
		}
	}
	long := strings.Repeat("\u200b", bot.EchoMax+5)
	if got, want := bot.EchoIn(lang.German, long), strings.Repeat("[Leerzeichen ohne Breite]", bot.EchoMax)+"…"; got != want {
		t.Errorf("long German input: %q", got)
	}
}

// TestRecordSizeInEveryLanguage: the refusal of a record over the limit
// states the sizes as the reader's language writes numbers and units
// (decimal comma, digit groups, French Mio and octets), English unchanged.
func TestRecordSizeInEveryLanguage(t *testing.T) {
	svc := newService(t, servicetest.Store(t))
	ctx := context.Background()
	big := strings.Repeat("#", engine.MaxRecordSize+engine.MaxRecordSize/32) // 16.5 MiB
	users := []bot.UserRef{alice, bob}
	checkHostTexts(t, svc, []hostText{
		{"import 16.5 MiB", errOf(svc.Import(ctx, bot.ImportRequest{Channel: "big", Record: big, Users: users})),
			"That is too long: a match record has at most 16 MiB, and this one has 16.5 MiB.",
			[]string{"höchstens 16\u00a0MiB", "dieses hat 16,5\u00a0MiB."}, []string{"au plus 16\u00a0Mio", "celui-ci fait 16,5\u00a0Mio."}},
		{"just over", bot.RecordTooLarge(engine.MaxRecordSize + 1),
			"That is too long: a match record has at most 16777216 bytes, and this one has 16777217 bytes.",
			[]string{"16.777.216\u00a0Byte", "16.777.217\u00a0Byte"}, []string{"16\u00a0777\u00a0216\u00a0octets", "16\u00a0777\u00a0217\u00a0octets"}},
		{"unknown size", bot.RecordTooLarge(0),
			"That is too long: a match record has at most 16 MiB.",
			[]string{"16\u00a0MiB"}, []string{"16\u00a0Mio"}},
	})
	for _, c := range []struct {
		n          int
		en, de, fr string
	}{
		{1, "1 byte", "1\u00a0Byte", "1\u00a0octet"},
		{512, "512 bytes", "512\u00a0Byte", "512\u00a0octets"},
		{12 << 10, "12 KiB", "12\u00a0KiB", "12\u00a0Kio"},
		{1536, "1.5 KiB", "1,5\u00a0KiB", "1,5\u00a0Kio"},
		{10<<20 + 1, "10 MiB", "10\u00a0MiB", "10\u00a0Mio"},
	} {
		for l, want := range map[lang.Lang]string{lang.English: c.en, lang.German: c.de, lang.French: c.fr} {
			if got := bot.BytesIn(l, c.n); got != want {
				t.Errorf("BytesIn(%s, %d) = %q, want %q", l, c.n, got, want)
			}
		}
	}
}

// seatPicky is Pebbles refusing a deck pin for more than two seats, as a
// game whose pins depend on the number of players does (a factory deck
// per player count): the lobby's trial setup, made for the fewest seats,
// accepts it, and the game refuses it at the start.
type seatPicky struct{ testgame.Game }

func (g seatPicky) Setup(s engine.Setup) (engine.State, []engine.Event, error) {
	if d, ok := s.Pins["deck"]; ok && s.Seats > 2 {
		return nil, nil, engine.NewSetupError("pebbles", g.Info().Catalog, "pin-deck", "text", d)
	}
	return g.Game.Setup(s)
}

// TestStartRefusedSetupInEveryLanguage: a setup the game refuses only at
// the start is the person's refusal, worded by the game's catalog, and
// the lobby stays open.
func TestStartRefusedSetupInEveryLanguage(t *testing.T) {
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(seatPicky{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice, Pins: map[string]string{"deck": "1,2,3,1,2,3,1,2,3"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []bot.UserRef{bob, carol} {
		if _, err := svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
			t.Fatal(err)
		}
	}
	_, err = svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	checkHostTexts(t, svc, []hostText{
		{"start", err, `Pin deck: bad card "1,2,3,1,2,3,1,2,3".`,
			[]string{"Festlegung deck: falsche Karte „1,2,3,1,2,3,1,2,3“."},
			[]string{"Valeur imposée deck\u00a0: carte «\u00a01,2,3,1,2,3,1,2,3\u00a0» incorrecte."}},
	})
	if p := svc.Explain(ctx, err); p.Kind != bot.KindInvalid {
		t.Errorf("kind %s, want invalid", p.Kind)
	}
	if got, err := svc.Get(ctx, bot.ByID(m.ID)); err != nil || got.Status != bot.StatusLobby {
		t.Errorf("after the refusal: %v, %v", got.Status, err)
	}
}
