package web

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/httpserve"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

//go:embed assets
var assets embed.FS

// Server is the playground's HTTP handler.
type Server struct {
	svc   *bot.Service
	log   *slog.Logger
	mux   *http.ServeMux
	hosts map[string]bool // accepted besides loopback (see hosts.go)
	owner string          // this process, for the turn clock's leases (clock.go)

	helpMu sync.Mutex
	helps  map[string]*engine.HelpIndex // each game's rules help by language (lang.go)
}

// New returns the playground over a service. log may be nil.
func New(svc *bot.Service, log *slog.Logger) *Server {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{svc: svc, log: log, mux: http.NewServeMux(), owner: "web-" + randomHex(), helps: map[string]*engine.HelpIndex{}}
	static, _ := fs.Sub(assets, "assets")
	s.mux.Handle("GET /", http.FileServerFS(static))
	s.mux.HandleFunc("GET /{$}", s.page)
	s.mux.HandleFunc("GET /favicon.ico", s.favicon)
	s.mux.HandleFunc("GET /api/games", s.games)
	s.mux.HandleFunc("GET /api/limits", s.limits)
	s.mux.HandleFunc("GET /api/matches", s.list)
	s.mux.HandleFunc("GET /api/open", s.open)
	s.mux.HandleFunc("POST /api/matches", s.create)
	s.mux.HandleFunc("POST /api/import", s.importRecord)
	s.mux.HandleFunc("GET /api/matches/{id}", s.match)
	s.mux.HandleFunc("GET /api/matches/{id}/images", s.images)
	s.mux.HandleFunc("GET /api/matches/{id}/images/{name}", s.image)
	s.mux.HandleFunc("GET /api/matches/{id}/hand", s.hand)
	s.mux.HandleFunc("GET /api/matches/{id}/choices", s.choices)
	s.mux.HandleFunc("GET /api/matches/{id}/suggest", s.suggest)
	s.mux.HandleFunc("POST /api/matches/{id}/moves", s.move)
	s.mux.HandleFunc("POST /api/matches/{id}/clock", s.setClock)
	s.mux.HandleFunc("POST /api/matches/{id}/undo", s.undo)
	s.mux.HandleFunc("GET /api/matches/{id}/chart.png", s.chart)
	s.mux.HandleFunc("GET /api/matches/{id}/log", s.moveLog)
	s.mux.HandleFunc("GET /api/matches/{id}/history", s.history)
	s.mux.HandleFunc("GET /api/matches/{id}/record", s.record)
	s.mux.HandleFunc("GET /api/help", s.help)
	s.mux.HandleFunc("GET /api/help/{id}", s.topic)
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	if !s.hostAllowed(r.Host) {
		s.refuseHost(w, r)
		return
	}
	// Writes must be JSON: a form on another web site cannot send that
	// without a CORS preflight, which this server never grants.
	if r.Method == http.MethodPost && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		writeJSON(w, http.StatusUnsupportedMediaType, s.svc.ExplainIn(r.Context(), bot.Refusal(bot.KindInvalid, "detail.request-type"), engine.Words{Lang: langOf(r)}))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// ListenAndServe serves the playground on addr until ctx ends.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("playground: %w", err)
	}
	s.log.Info("playground listening", "url", "http://"+addr+"/")
	go s.runClock(ctx)
	// Record imports are the largest bodies; the import's own limit
	// (importBody) refuses them first, with the record limit's words.
	srv := httpserve.New(s, httpserve.Limits{MaxBody: importBody + 64<<10}, s.log)
	if err := srv.Serve(ctx, ln); err != nil {
		return fmt.Errorf("playground: %w", err)
	}
	return nil
}

// gameInfo is what the page needs of a game's engine.Info to offer it.
type gameInfo struct {
	ID      string           `json:"id"`
	Name    string           `json:"name"`
	Summary string           `json:"summary"`
	Min     int              `json:"min"`
	Max     int              `json:"max"`
	Score   engine.ScoreName `json:"score"`
	Options []optionInfo     `json:"options"`
	Help    bool             `json:"help"`
}

// optionInfo is an option as the start form shows it: the spec (its key
// and values are what the form sends), its help, its name and each
// value's name in the reader's language (engine.Words.OptionLabel,
// OptionValue).
type optionInfo struct {
	engine.OptionSpec
	Label  string            `json:"label"`
	Labels map[string]string `json:"labels,omitempty"` // value -> its name
}

func (s *Server) games(w http.ResponseWriter, r *http.Request) {
	var out []gameInfo
	l := langOf(r)
	for _, g := range s.svc.Games().Games() {
		info := g.Info()
		gi := gameInfo{ID: info.ID, Name: info.Name, Summary: info.Summary, Min: info.MinSeats, Max: info.MaxSeats,
			Score: info.Score, Options: []optionInfo{}, Help: len(info.Help) > 0}
		wd := engine.WordsFor(info, l, nil)
		if l != lang.English {
			gi.Name, gi.Summary, gi.Score = wd.GameName(), wd.Summary(), wordScoreName(wd)
		}
		for _, o := range info.Options {
			oi := optionInfo{OptionSpec: o, Label: wd.OptionLabel(o)}
			if l != lang.English {
				oi.Help = wd.Option(o)
			}
			for _, v := range o.Values {
				if oi.Labels == nil {
					oi.Labels = map[string]string{}
				}
				oi.Labels[v] = wd.OptionValue(o, v)
			}
			gi.Options = append(gi.Options, oi)
		}
		out = append(out, gi)
	}
	writeJSON(w, http.StatusOK, out)
}

// limits states the playground's size limits for the page, in bytes and
// in the core's words, so the page can refuse an oversize record before
// sending it, saying what the server would.
func (s *Server) limits(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	writeJSON(w, http.StatusOK, map[string]any{
		"record_bytes":     engine.MaxRecordSize,
		"record_limit":     bot.BytesIn(l, engine.MaxRecordSize),
		"record_too_large": s.svc.ExplainIn(r.Context(), bot.RecordTooLarge(0), engine.Words{Lang: l}).Text,
		"move_chars":       bot.MaxMoveLen,
		// The levels a seat can be given to the computer at (computer.go).
		"computer_levels": bot.ComputerLevels,
	})
}

// matchJSON is what the page needs of a match.
type matchJSON struct {
	ID      string     `json:"id"`
	Game    string     `json:"game"`
	Name    string     `json:"name"`
	Status  bot.Status `json:"status"`
	Version int64      `json:"version"`
	Moves   int64      `json:"moves"`
	Seats   []bot.Seat `json:"seats"`
	// Seed is the match seed as text: a JavaScript number cannot hold
	// every uint64.
	Seed string `json:"seed"`
	// Styles mark each seat as the board draws it (render.Seat).
	Styles []seatStyle `json:"styles"`
	// Score is what the game calls its score (Status.Seats[].Score).
	Score engine.ScoreName `json:"score"`
	// PrivateInfo is engine.Info.PrivateInfo: when false, no seat holds
	// anything the others may not see, and the page shows no hand.
	PrivateInfo bool              `json:"privateInfo"`
	Options     map[string]string `json:"options,omitempty"`
	// Play is the game's status, its phase with the seats named.
	Play *engine.Status `json:"play,omitempty"`
	// Round is the round the match is in as its game names it, with the
	// stage of the round (bot.Match.RoundText): "1845, development phase".
	Round string `json:"round,omitempty"`
	// ScoreTexts are each seat's score with the game's unit, in the
	// page's language ("1 win", "1 Sieg").
	ScoreTexts []string `json:"score_texts,omitempty"`
	// StatHelp explains, by stat key, how a stat's value is written where
	// the game says so (engine.Words.StatHelp: "W white, G grey, O
	// orange"), in the page's language; the page shows it under the
	// standings.
	StatHelp map[string]string `json:"stat_help,omitempty"`
	// Results is the final result of a game played (or imported) to its
	// end, as the results post on Discord ranks it (bot.Match.Results):
	// each seat's place, score and what it scored in.
	Results []resultJSON `json:"results,omitempty"`
	Created time.Time    `json:"created"`
	Updated time.Time    `json:"updated"`
	// Waits is each seat's turn clock (clock.go); only on a single match.
	Waits []waitJSON `json:"waits,omitempty"`
	// Abandoned marks a match ended as abandoned; Notice is the status
	// bar's word on the abandon limit (clock.go), only on a single match.
	Abandoned bool   `json:"abandoned,omitempty"`
	Notice    string `json:"notice,omitempty"`
	// Clock is the match's clock settings (clock.go), only on a single
	// match.
	Clock *clockJSON `json:"clock,omitempty"`
	// ComputerIn is, when a computer must move, how many milliseconds
	// until it does: the page asks for the match again then. Only on a
	// single match.
	ComputerIn *int64 `json:"computer_in_ms,omitempty"`
}

// seatStyle is render.SeatStyle for the page: RGB as a CSS colour.
type seatStyle struct {
	Letter string `json:"letter"`
	Colour string `json:"colour"`
	CSS    string `json:"css"`
}

// styleOf is seat's style with its colour named in l.
func styleOf(seat int, l lang.Lang) seatStyle {
	st := render.Seat(seat)
	return seatStyle{Letter: st.Letter, Colour: bot.ColourName(l, seat), CSS: fmt.Sprintf("#%02x%02x%02x", st.RGB.R, st.RGB.G, st.RGB.B)}
}

// resultJSON is one seat's line of the final result, its score worded.
type resultJSON struct {
	bot.SeatResult
	ScoreText string `json:"score_text"`
}

// summary is the match for the page, its texts in language l.
func summary(m bot.Match, l lang.Lang) matchJSON {
	info := m.GameRules().Info()
	w := wordsOf(m, l)
	styles := make([]seatStyle, len(m.Seats))
	for i := range styles {
		styles[i] = styleOf(i, l)
	}
	play := m.Play
	round := m.RoundText()
	if play != nil {
		p := *play
		// The tie-break names seats by the players' names in every
		// language (the game's English says "seat 3").
		p.TieBreak = w.TieBreak(p)
		if l == lang.English {
			p.Phase = m.NameFor(p.Phase, engine.Spectator)
		} else {
			p.Phase = m.NameFor(w.Phase(p), engine.Spectator)
			round = bot.RoundWordsIn(w, p.RoundName, p.Stage)
			p.Seats = make([]engine.SeatStatus, len(play.Seats))
			for i, ss := range play.Seats {
				ss.Stats, ss.Breakdown = wordStats(w, ss.Stats), w.Breakdown(ss.Breakdown)
				p.Seats[i] = ss
			}
		}
		play = &p
	}
	name, score := info.Name, info.Score
	if l != lang.English {
		name, score = w.GameName(), wordScoreName(w)
	}
	// A computer's seat is named in the reader's language, as the board
	// and the phase name it (bot.Seat.NameIn); a person's as typed.
	seats := make([]bot.Seat, len(m.Seats))
	for i, s := range m.Seats {
		s.Name = s.NameIn(l)
		seats[i] = s
	}
	out := matchJSON{ID: m.ID, Game: m.Game, Name: name, Status: m.Status, Version: m.Version, Moves: m.Moves, Seats: seats,
		Seed: strconv.FormatUint(m.Seed, 10), Styles: styles, Score: score, PrivateInfo: info.PrivateInfo, Options: m.Options, Play: play,
		Created: m.Created, Updated: m.Updated, Abandoned: m.Clock.Abandoned, Round: round}
	if play != nil {
		out.ScoreTexts = make([]string, len(m.Seats))
		for _, ss := range play.Seats {
			if ss.Seat >= 0 && ss.Seat < len(out.ScoreTexts) {
				out.ScoreTexts[ss.Seat] = scoreText(w, ss.Score)
			}
			for _, x := range ss.Stats {
				if h := w.StatHelp(x.Key); h != "" {
					if out.StatHelp == nil {
						out.StatHelp = map[string]string{}
					}
					out.StatHelp[x.Key] = h
				}
			}
		}
	}
	if m.Play != nil && m.Play.Finished {
		for _, r := range m.Results() {
			r.Breakdown = w.Breakdown(r.Breakdown)
			r.Name = r.NameIn(l)
			out.Results = append(out.Results, resultJSON{SeatResult: r, ScoreText: scoreText(w, r.Score)})
		}
	}
	return out
}

// wordScoreName is what the game calls its score, in the reader's
// language, in full and short ("points de victoire", "PV").
func wordScoreName(w engine.Words) engine.ScoreName {
	return engine.ScoreName{Name: w.ScoreName(), Short: w.ScoreShort()}
}

// channelPrefix starts the channel key of every playground match (a
// fresh one per match: the playground's matches hold no real channel).
const channelPrefix = "web:"

// The playground seats the same hotseat users in every match, user N in
// seat N, so the store's index of a user's matches (bot.RecentMatches of
// seat 1's user, who sits in every match) is the list of the
// playground's matches.
func hotseat(seat int, name string) bot.UserRef {
	return bot.UserRef{ID: fmt.Sprintf("web:seat:%d", seat+1), Name: name}
}

// listed is how many matches the list shows, newest first.
const listed = 50

// list answers the playground's matches, newest first, open and finished.
func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	ms, err := s.svc.RecentMatches(r.Context(), hotseat(0, "").ID, listed)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]matchJSON, 0, len(ms))
	for _, m := range ms {
		out = append(out, summary(m, l))
	}
	writeJSON(w, http.StatusOK, out)
}

// openJSON is one open match waiting for a move, as /games lists it on
// Discord (bot.OpenGames).
type openJSON struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"` // the game's
	Status  string   `json:"status"`
	Waiting []string `json:"waiting"` // who it waits for
	Since   string   `json:"since"`   // when it last changed (RFC 3339)
	Waited  string   `json:"waited"`  // for how long, in words (bot.Span)
	Seat    int      `json:"seat"`    // the first seat to act, 1-based; 1 in a lobby
}

// open answers the playground's open matches as the core lists a
// player's open matches (bot.OpenGames, the list /games shows on
// Discord): every seat here is played at this screen, so all of them are
// the player's, the longest waiting first.
func (s *Server) open(w http.ResponseWriter, r *http.Request) {
	list, err := s.svc.OpenGames(r.Context(), hotseat(0, "").ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	slices.SortStableFunc(list, func(a, b bot.OpenGame) int { return a.Since.Compare(b.Since) })
	now, l := time.Now(), langOf(r)
	out := make([]openJSON, 0, len(list))
	for _, g := range list {
		seat := 1
		if g.Match.Play != nil && len(g.Match.Play.Active) > 0 {
			seat = g.Match.Play.Active[0] + 1
		}
		name, waited := g.Game, bot.Span(g.Waited(now))
		if l != lang.English {
			name, waited = wordsOf(g.Match, l).GameName(), bot.WaitedPrepIn(l, g.Waited(now))
		}
		out = append(out, openJSON{ID: g.ID, Name: name, Status: string(g.Status), Waiting: g.WaitingIn(l),
			Since: g.Since.UTC().Format(time.RFC3339), Waited: waited, Seat: seat})
	}
	writeJSON(w, http.StatusOK, out)
}

type createReq struct {
	Game    string            `json:"game"`
	Seats   int               `json:"seats"`
	Options map[string]string `json:"options"`
	// Seed is text (bot.ParseSeed): empty for a random one.
	Seed seedText `json:"seed"`
	// Names are the players' names by seat; a missing or empty one is
	// "Player N".
	Names []string `json:"names"`
	// Players says who plays each seat: a computer level
	// (bot.ComputerLevels), or "person" (also when missing or empty).
	Players []string `json:"players"`
}

// seedText is a seed as the request spells it: a JSON string (what the
// page sends: a JavaScript number cannot hold every seed) or a JSON number,
// read from its digits as written, never through a float.
type seedText string

func (s *seedText) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var t string
		if err := json.Unmarshal(b, &t); err != nil {
			return err
		}
		*s = seedText(t)
		return nil
	}
	if string(b) == "null" {
		*s = ""
		return nil
	}
	*s = seedText(b) // ParseSeed refuses anything but digits
	return nil
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req createReq
	if err := decode(w, r, 1<<16, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx, l := r.Context(), langOf(r)
	if req.Seats < 1 || req.Seats > 16 {
		s.fail(w, r, bot.Refusal(bot.KindSeatCount, "detail.playground-players", "players", "1-16", "n", strconv.Itoa(req.Seats)))
		return
	}
	seed, exact, err := bot.ParseSeed(string(req.Seed))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	levels, err := seatLevels(req.Players, req.Seats)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	users := make([]bot.UserRef, req.Seats)
	for i := range users {
		name := ""
		if i < len(req.Names) {
			name = strings.Join(strings.Fields(req.Names[i]), " ")
		}
		// A name must fit the match record it will be exported in.
		if utf8.RuneCountInString(name) > engine.MaxPlayerName {
			s.fail(w, r, bot.Refusal(bot.KindTooLarge, "detail.player-name-long", "max", strconv.Itoa(engine.MaxPlayerName)))
			return
		}
		if name == "" {
			name = say(l, "web.player", "n", strconv.Itoa(i+1))
		}
		users[i] = hotseat(i, name)
	}
	for k, v := range req.Options {
		if v == "" {
			delete(req.Options, k) // an empty field keeps the game's default
		}
	}
	// The playground's matches get the host's default turn clock, as a
	// Discord server that set none.
	clock, err := s.svc.ServerClock(ctx, "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Seat 1's user creates the match; when a computer plays seat 1, that
	// user watches it (and the computer's seat carries the user's ID, so
	// the match is listed like every other: list).
	m, err := s.svc.CreateMatch(ctx, bot.CreateRequest{
		Channel: channelPrefix + randomHex(), Game: req.Game, Creator: users[0], Options: req.Options,
		MinSeats: req.Seats, MaxSeats: req.Seats, Seed: seed, ExactSeed: exact, Clock: clock, Watch: levels[0] != "",
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for i, u := range users {
		switch {
		case levels[i] != "":
			_, err = s.svc.AddComputerAs(ctx, bot.ByID(m.ID), users[0].ID, levels[i], u.ID)
		case i > 0:
			_, err = s.svc.Join(ctx, bot.ByID(m.ID), u)
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
	}
	o, err := s.svc.Start(ctx, bot.ByID(m.ID), users[0].ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"match": s.withWaits(r.Context(), o.Match, l),
		"events": nonNilEvents(wordEvents(o.Match, wordsOf(o.Match, l), o.EventsFor(engine.Spectator), engine.Spectator)), "new_turn": o.NewTurn, "notify": nonNilInts(o.Notify)})
}

type importReq struct {
	Record string `json:"record"`
}

// importBody bounds an import's JSON body: a record of
// engine.MaxRecordSize with room for its JSON escapes (a line break is
// two bytes). A larger body is refused as a record over the limit.
const importBody = 2*engine.MaxRecordSize + 4096

// importRecord starts a match from a record's text, one hotseat player per seat.
func (s *Server) importRecord(w http.ResponseWriter, r *http.Request) {
	var req importReq
	if err := decode(w, r, importBody, &req); err != nil {
		if errors.Is(err, bot.ErrTooLarge) {
			err = bot.RecordTooLarge(0)
		}
		s.fail(w, r, err)
		return
	}
	if len(req.Record) > engine.MaxRecordSize {
		s.fail(w, r, bot.RecordTooLarge(len(req.Record)))
		return
	}
	rec, err := engine.ParseRecord(strings.NewReader(req.Record))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	users := make([]bot.UserRef, rec.Seats)
	l := langOf(r)
	for i := range users {
		name := say(l, "web.player", "n", strconv.Itoa(i+1))
		if i < len(rec.Players) && rec.Players[i] != "" {
			name = rec.Players[i]
		}
		users[i] = hotseat(i, name)
	}
	clock, err := s.svc.ServerClock(r.Context(), "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.svc.Import(r.Context(), bot.ImportRequest{Channel: channelPrefix + randomHex(), Record: req.Record, Users: users, Clock: clock})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"match": s.withWaits(r.Context(), m, l), "events": []engine.Event{}})
}

func (s *Server) match(w http.ResponseWriter, r *http.Request) {
	m, err := s.ownMatch(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if due := s.svc.ComputerDue(m); !due.IsZero() && !due.After(s.svc.Now()) {
		// A computer's move is due: the page that asks for it sees it made
		// (once, as the turn clock makes it: computer.go in bot) rather
		// than at the clock's next round.
		if _, err := s.FireDue(r.Context()); err != nil {
			s.log.ErrorContext(r.Context(), "playground: computer move", "match", m.ID, "err", err)
		}
		if m, err = s.svc.Get(r.Context(), bot.ByID(m.ID)); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, s.withWaits(r.Context(), m, langOf(r)))
}

// ownMatch loads the match the path names, if it is one of the
// playground's own. Another front end's match in a shared store (a
// Discord channel's) is not the playground's to show or to play: it does
// not exist here, for every endpoint alike.
func (s *Server) ownMatch(r *http.Request) (bot.Match, error) {
	m, err := s.svc.Get(r.Context(), bot.ByID(r.PathValue("id")))
	if err == nil && !strings.HasPrefix(m.Channel, channelPrefix) {
		return bot.Match{}, bot.ErrNotFound
	}
	return m, err
}

// seatUser loads the match and maps the seat query parameter to its user.
func (s *Server) seatUser(r *http.Request, seatText string) (bot.Match, int, string, error) {
	m, err := s.ownMatch(r)
	if err != nil {
		return m, 0, "", err
	}
	seat, err := strconv.Atoi(seatText)
	if err != nil || seat < engine.Spectator || seat >= len(m.Seats) {
		return m, 0, "", bot.Refusal(bot.KindInvalid, "detail.playground-seat", "text", bot.Echoed(seatText))
	}
	if seat == engine.Spectator {
		return m, seat, "", nil
	}
	return m, seat, m.Seats[seat].UserID, nil
}

// playerSeat is seatUser for an action only a seated player takes: the
// spectators' seat is refused as not seated.
func (s *Server) playerSeat(r *http.Request, seat int) (bot.Match, int, string, error) {
	m, seat, user, err := s.seatUser(r, strconv.Itoa(seat))
	if err == nil && seat == engine.Spectator {
		err = bot.ErrNotSeated
	}
	return m, seat, user, err
}

// imageJSON lists one picture of a position for the page.
type imageJSON struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	URL   string `json:"url"`
}

// images lists the pictures of the match as a seat sees them, with the
// URL of each (carrying the match version, so a new position is a new URL).
func (s *Server) images(w http.ResponseWriter, r *http.Request) {
	m, seat, _, err := s.seatUser(r, r.URL.Query().Get("seat"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	l := langOf(r)
	imgs, err := s.svc.RenderIn(m, seat, l)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]imageJSON, len(imgs))
	for i, im := range imgs {
		out[i] = imageJSON{Name: im.Name, Title: im.Title, URL: imageURL(m.ID, im.Name, seat, m.Version, l)}
	}
	writeJSON(w, http.StatusOK, out)
}

// image serves one picture by name.
func (s *Server) image(w http.ResponseWriter, r *http.Request) {
	m, seat, _, err := s.seatUser(r, r.URL.Query().Get("seat"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	imgs, err := s.svc.RenderIn(m, seat, langOf(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	name := r.PathValue("name")
	for _, im := range imgs {
		if im.Name == name {
			w.Header().Set("Content-Type", "image/png")
			w.Header().Set("Cache-Control", "private, max-age=3600") // the URL carries the version
			w.Write(im.PNG)
			return
		}
	}
	s.fail(w, r, bot.Refusal(bot.KindInvalid, "detail.no-image", "text", bot.Echoed(name)))
}

// chart serves the chart of the scores at the end of every round (the one the
// final post on Discord carries), drawn by the core.
func (s *Server) chart(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	m, err := s.ownMatch(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	img, _, err := s.svc.ScoreChartIn(r.Context(), bot.ByID(m.ID), l)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=3600") // the page asks with the version in the URL
	w.Write(img.PNG)
}

func (s *Server) hand(w http.ResponseWriter, r *http.Request) {
	m, _, user, err := s.seatUser(r, r.URL.Query().Get("seat"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.svc.Private(r.Context(), bot.ByID(m.ID), user)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if l := langOf(r); l != lang.English {
		wd := wordsOf(m, l)
		cards := make([]engine.Card, len(p.Holding.Cards))
		for i, c := range p.Holding.Cards {
			c.Name = wd.Card(c)
			cards[i] = c
		}
		p.Holding.Cards, p.Holding.Stats = cards, wordStats(wd, p.Holding.Stats)
	}
	writeJSON(w, http.StatusOK, p)
}

func (s *Server) choices(w http.ResponseWriter, r *http.Request) {
	m, _, user, err := s.seatUser(r, r.URL.Query().Get("seat"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ch, _, err := s.svc.Choices(r.Context(), bot.ByID(m.ID), user, r.URL.Query().Get("partial"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if ch.Next == nil {
		ch.Next = []engine.Choice{}
	}
	writeJSON(w, http.StatusOK, wordChoices(wordsOf(m, langOf(r)), ch))
}

func (s *Server) suggest(w http.ResponseWriter, r *http.Request) {
	m, _, user, err := s.seatUser(r, r.URL.Query().Get("seat"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sug, err := s.svc.SuggestIn(r.Context(), bot.ByID(m.ID), user, r.URL.Query().Get("q"), 25, langOf(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if sug == nil {
		sug = []engine.Suggestion{}
	}
	writeJSON(w, http.StatusOK, sug)
}

type moveReq struct {
	Seat      int    `json:"seat"`
	Move      string `json:"move"`
	Version   int64  `json:"version"`
	RequestID string `json:"request_id"`
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	var req moveReq
	if err := decode(w, r, 1<<16, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	m, seat, user, err := s.playerSeat(r, req.Seat)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	o, err := s.svc.Submit(r.Context(), bot.SubmitRequest{
		Ref: bot.ByID(m.ID), UserID: user, Move: req.Move, RequestID: req.RequestID, ExpectVersion: req.Version,
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	l := langOf(r)
	evs := nonNilEvents(wordEvents(o.Match, wordsOf(o.Match, l), o.EventsFor(seat), seat))
	writeJSON(w, http.StatusOK, map[string]any{
		"match": s.withWaits(r.Context(), o.Match, l), "move": o.Move, "seat": o.Seat, "duplicate": o.Duplicate, "events": evs,
		"warning": unconfirmedNote(o, l),
		// The core's one decision of whether a turn began and who must
		// now act (bot.Outcome): the page follows those seats.
		"new_turn": o.NewTurn, "notify": nonNilInts(o.Notify),
	})
}

// unconfirmedNote is the core's note for a move the store applied without
// a replica's confirmation in l, or "".
func unconfirmedNote(o bot.Outcome, l lang.Lang) string {
	if o.Unconfirmed {
		return bot.UnconfirmedNoteIn(l)
	}
	return ""
}

type undoReq struct {
	Seat      int    `json:"seat"` // the seat whose move is taken back
	RequestID string `json:"request_id"`
}

// undo takes the last move back for its seat (bot.Service.Undo). Every
// seat plays at this screen, so when the move showed something new and
// the others must agree, they agree here at once (bot.Service.VoteUndo).
func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	var req undoReq
	if err := decode(w, r, 1<<12, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	m, _, user, err := s.playerSeat(r, req.Seat)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.svc.Undo(r.Context(), bot.UndoRequest{Ref: bot.ByID(m.ID), UserID: user, RequestID: req.RequestID})
	for err == nil && !u.Undone && !u.Duplicate && u.Vote != nil && len(u.Vote.Waiting) > 0 {
		u, err = s.svc.VoteUndo(r.Context(), bot.ByID(m.ID), hotseat(u.Vote.Waiting[0], "").ID, u.Target, true)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"match": summary(u.Match, langOf(r)), "undone": u.Undone, "free": u.Free, "taken": u.Taken, "target": u.Target,
		"duplicate": u.Duplicate, "new_turn": u.NewTurn, "notify": nonNilInts(u.Notify), "note": unconfirmedNote(u.Outcome, langOf(r)),
	})
}

func nonNilEvents(s []engine.Event) []engine.Event {
	if s == nil {
		return []engine.Event{}
	}
	return s
}

func nonNilInts(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

func (s *Server) moveLog(w http.ResponseWriter, r *http.Request) {
	m, err := s.ownMatch(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	l, err := s.svc.Log(r.Context(), bot.ByID(m.ID), 0)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if l == nil {
		l = []bot.LogEntry{}
	}
	writeJSON(w, http.StatusOK, l)
}

func (s *Server) history(w http.ResponseWriter, r *http.Request) {
	m, seat, _, err := s.seatUser(r, r.URL.Query().Get("seat"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h, err := s.svc.History(r.Context(), bot.ByID(m.ID), seat)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if l := langOf(r); l != lang.English {
		wd := wordsOf(m, l)
		for i := range h {
			h[i].Events = wordEvents(m, wd, h[i].Events, seat)
		}
	}
	writeJSON(w, http.StatusOK, h)
}

// record downloads the match as a record file
// (smokestack-<game>-<match>.txt), never opened as a page.
func (s *Server) record(w http.ResponseWriter, r *http.Request) {
	m, err := s.ownMatch(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	text, err := s.svc.Export(r.Context(), bot.ByID(m.ID))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": m.RecordFile()}))
	w.Write([]byte(text))
}

// help searches a game's rules topics (engine.HelpIndex: ranked by where
// the words match, title and keywords before the text), best first.
func (s *Server) help(w http.ResponseWriter, r *http.Request) {
	x, err := s.helpIndex(r.URL.Query().Get("game"), langOf(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	found := x.Search(r.URL.Query().Get("q"), 20)
	worded := s.topicWorder(r)
	out := make([]helpTopic, len(found))
	for i, t := range found {
		out[i] = worded(t)
	}
	writeJSON(w, http.StatusOK, out)
}

// helpTopic is a rules topic as the page shows it: with its kind worded
// in the page's language by the game's catalog (engine.Words.TopicKind,
// as Discord's /rules words it), the kind itself staying the ID.
type helpTopic struct {
	engine.HelpTopic
	KindName string `json:"kind_name"`
}

// topicWorder gives the request's topics their worded kind, with the
// game's words looked up once per request.
func (s *Server) topicWorder(r *http.Request) func(engine.HelpTopic) helpTopic {
	kind := func(k string) string { return k }
	if g, err := s.svc.Games().Get(r.URL.Query().Get("game")); err == nil {
		kind = engine.WordsFor(g.Info(), langOf(r), nil).TopicKind
	}
	return func(t engine.HelpTopic) helpTopic { return helpTopic{HelpTopic: t, KindName: kind(t.Kind)} }
}

// topic answers one rules topic by its ID, the one a rule error names.
func (s *Server) topic(w http.ResponseWriter, r *http.Request) {
	game, id := r.URL.Query().Get("game"), r.PathValue("id")
	x, err := s.helpIndex(game, langOf(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	t, ok := x.Topic(id)
	if !ok {
		s.fail(w, r, bot.Refusal(bot.KindInvalid, "detail.no-topic", "text", bot.Echoed(id)))
		return
	}
	writeJSON(w, http.StatusOK, s.topicWorder(r)(t))
}

// favicon answers the browser's request for /favicon.ico with the page's
// icon (the page names it too).
func (s *Server) favicon(w http.ResponseWriter, r *http.Request) {
	data, err := assets.ReadFile("assets/favicon.svg")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(data)
}

// decode reads a JSON request body of at most limit bytes.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	err := dec.Decode(v)
	if err == nil {
		// One JSON value and nothing after it: a doubled or concatenated
		// body would otherwise play its first value and drop the rest.
		if _, next := dec.Token(); next != io.EOF {
			err = errors.New("data after the JSON value")
			if next != nil {
				err = next
			}
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig):
		e := bot.Refusal(bot.KindTooLarge, "detail.request-size", "bytesmax", strconv.FormatInt(limit, 10))
		e.Err = err
		return e
	}
	e := bot.Refusal(bot.KindInvalid, "detail.request-json")
	e.Err = err
	return e
}

// fail answers with the core's explanation of an error (bot.Service.Explain,
// the one place that words errors; internal ones are logged there with
// their error ID) as JSON, under the HTTP status of its kind.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	p := s.svc.ExplainIn(r.Context(), err, engine.Words{Lang: langOf(r)})
	if p.ErrorID != "" {
		s.log.Error("playground request failed", "path", r.URL.Path, "error_id", p.ErrorID)
	}
	writeJSON(w, httpStatus(p.Kind), p)
}

// httpStatus is the HTTP status that presents a problem of a kind.
func httpStatus(k bot.Kind) int {
	switch k {
	case bot.KindRule, bot.KindIncomplete:
		return http.StatusUnprocessableEntity
	case bot.KindInvalid, bot.KindSeatCount:
		return http.StatusBadRequest
	case bot.KindTooLarge:
		return http.StatusRequestEntityTooLarge
	case bot.KindNotSeated, bot.KindNotAllowed:
		return http.StatusForbidden
	case bot.KindNoMatch, bot.KindNotFound, bot.KindNoHelp, bot.KindNoBoard:
		return http.StatusNotFound
	case bot.KindNotYourTurn, bot.KindStale, bot.KindFinished, bot.KindNotStarted, bot.KindRulesVersion,
		bot.KindLobbyFull, bot.KindAlreadySeated, bot.KindAlreadyStarted, bot.KindLobbyClosed, bot.KindChannelTaken:
		return http.StatusConflict
	case bot.KindBusy:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func randomHex() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// seatLevels reads createReq.Players: each seat's computer level, empty
// for a person.
func seatLevels(players []string, seats int) ([]string, error) {
	out := make([]string, seats)
	if len(players) > seats {
		return nil, bot.Refusal(bot.KindInvalid, "detail.seats-described", "n", strconv.Itoa(len(players)), "seats", strconv.Itoa(seats))
	}
	for i, p := range players {
		p = strings.TrimSpace(p)
		if p == "" || strings.EqualFold(p, "person") {
			continue
		}
		lvl, err := bot.ParseComputerLevel(p)
		if err != nil {
			return nil, err
		}
		out[i] = lvl
	}
	return out, nil
}
