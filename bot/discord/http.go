package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
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
// timestamp's age, answers PING with PONG, and answers every other
// interaction in the HTTP response body (multipart when it carries files);
// later messages go through REST. It does not register commands.
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

var errGone = errors.New("bot: the interaction's HTTP request has ended")

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
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "bad interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	type reply struct {
		resp    *discordgo.InteractionResponse
		written chan error
	}
	replies := make(chan reply)
	finished := make(chan struct{})
	r := newRequest(&i, received)
	go func() {
		defer close(finished)
		h.b.serve(context.Background(), r, func(resp *discordgo.InteractionResponse) error {
			rp := reply{resp, make(chan error, 1)}
			select {
			case replies <- rp:
				return <-rp.written
			case <-req.Context().Done():
				return errGone
			}
		})
	}()
	select {
	case rp := <-replies:
		rp.written <- writeResponse(w, rp.resp)
	case <-finished:
		// Nothing to send (a duplicate delivery answered before).
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: privateData("This was already done.")})
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

// writeResponse writes the initial response as the HTTP body.
func writeResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		return writeJSON(w, wire(resp))
	}
	ct, body, err := discordgo.MultipartBodyWithJSON(resp, resp.Data.Files)
	if err != nil {
		http.Error(w, "encode", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", ct)
	_, err = w.Write(body)
	return err
}
