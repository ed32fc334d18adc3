package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// MaxSignatureAge is how old (or, allowing for clock skew, how far in the
// future) an interaction's signed timestamp may be.
const (
	MaxSignatureAge = 5 * time.Minute
	maxClockSkew    = 2 * time.Second
)

// HTTPHandler returns the bot's endpoint for HTTP interactions (Discord's
// "Interactions Endpoint URL"): it verifies the Ed25519 signature and the
// timestamp's age and answers PING with PONG in the HTTP body. Every other
// interaction is answered through the callback endpoint, and the HTTP
// request with 202 once Discord has that answer; follow-ups come after.
// It does not register commands.
func (b *Bot) HTTPHandler() (http.Handler, error) {
	key, err := b.cfg.publicKey()
	if err != nil {
		return nil, err
	}
	return &httpEndpoint{b: b, key: key}, nil
}

type httpEndpoint struct {
	b   *Bot
	key ed25519.PublicKey
}

// maxInteractionBody bounds an interaction's body; Discord's are a few KiB.
const maxInteractionBody = 1 << 20

func (h *httpEndpoint) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	received := h.b.cfg.Now()
	body, err := io.ReadAll(io.LimitReader(req.Body, maxInteractionBody))
	if err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	if !discordgo.VerifyInteraction(req, h.key) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	ts, err := strconv.ParseInt(req.Header.Get("X-Signature-Timestamp"), 10, 64)
	if age := received.Sub(time.Unix(ts, 0)); err != nil || age > MaxSignatureAge || age < -maxClockSkew {
		http.Error(w, "stale request timestamp", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil || !urlSafe(i.ID) || !urlSafe(i.Token) {
		http.Error(w, "bad interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	// The initial response goes through the callback endpoint, which
	// returns once Discord has it; only then is this request answered 202
	// (Discord's rule for a response sent through the callback) and only
	// then do follow-ups go out. A response written into this HTTP answer
	// would be Discord's only after it had read and processed it, and a
	// follow-up sent meanwhile is refused (404 Unknown Webhook).
	acked := make(chan error, 1)
	finished := make(chan struct{})
	r := newRequest(&i, body, received)
	go func() {
		defer close(finished)
		ctx := context.Background()
		h.b.serve(ctx, r, func(resp *discordgo.InteractionResponse) error {
			err := h.b.respond(ctx, &i, resp)
			select {
			case acked <- err:
			default: // only the first response answers the HTTP request
			}
			return err
		})
	}()
	reply := func(err error) {
		if err != nil {
			http.Error(w, "could not answer the interaction", http.StatusBadGateway)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}
	select {
	case err := <-acked:
		reply(err)
	case <-finished:
		select {
		case err := <-acked:
			reply(err)
		default:
			// Nothing was sent: a duplicate delivery, answered by the first.
			w.WriteHeader(http.StatusAccepted)
		}
	case <-req.Context().Done():
	}
}

func writeJSON(w http.ResponseWriter, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	_, err = w.Write(data)
	return err
}

// urlSafe reports whether an interaction's ID or token may go into a REST
// URL as it is: Discord's are snowflakes and URL-safe tokens, and anything
// else (a slash, "..", "#") would send the answer to another endpoint.
func urlSafe(s string) bool {
	if s == "" || len(s) > 500 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') || s == "." || s == ".." {
			return false
		}
	}
	return true
}
