package fakediscord

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Discord's rate limits, as the fake models them for the bot token's
// calls (an interaction's callback and its webhook are not counted, as on
// Discord). Discord's own figures: a channel takes 5 messages from a bot
// per 5 seconds, and a bot makes at most 50 requests a second in all.
// Every answer on a limited route carries the X-RateLimit headers
// discordgo paces itself by; a request over a limit gets 429 with
// Retry-After, X-RateLimit-Scope and the JSON retry_after (and
// X-RateLimit-Global for the global limit), and is not carried out.
// The limits run on the wall clock, as discordgo's waiting does.
const (
	DefaultChannelPosts  = 5
	DefaultChannelWindow = 5 * time.Second
	DefaultGlobalPerSec  = 50
)

type rateLimits struct {
	mu      sync.Mutex
	posts   int           // per channel and window; 0: off
	window  time.Duration // of posts
	global  int           // per second; 0: off
	buckets map[string]*rateBucket
	recent  []time.Time // the bot token's requests in the last second
}

type rateBucket struct {
	used  int
	reset time.Time
}

// SetRateLimits changes the limits (0 turns one off): posts per channel
// and window, requests per second in all.
func (s *Server) SetRateLimits(posts int, window time.Duration, global int) {
	s.limits.mu.Lock()
	s.limits.posts, s.limits.window, s.limits.global = posts, window, global
	s.limits.buckets = map[string]*rateBucket{}
	s.limits.recent = nil
	s.limits.mu.Unlock()
}

// limit counts a request against the limits; when it is over one it
// answers 429 and returns false.
func (s *Server) limit(w http.ResponseWriter, r *http.Request, path string) bool {
	// discordgo sends the bot token on every call; the interaction
	// endpoints (callbacks, the interaction's webhook) are exempt.
	if !strings.HasPrefix(r.Header.Get("Authorization"), "Bot ") || path == "/gateway/bot" ||
		strings.HasPrefix(path, "/interactions/") || strings.HasPrefix(path, "/webhooks/") {
		return true
	}
	l := &s.limits
	now := time.Now()
	l.mu.Lock()
	if l.global > 0 {
		keep := l.recent[:0]
		for _, t := range l.recent {
			if now.Sub(t) < time.Second {
				keep = append(keep, t)
			}
		}
		l.recent = keep
		if len(l.recent) >= l.global {
			after := time.Second - now.Sub(l.recent[0])
			l.mu.Unlock()
			s.tooMany(w, after, true)
			return false
		}
		l.recent = append(l.recent, now)
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if l.posts == 0 || r.Method != http.MethodPost || len(parts) != 3 || parts[0] != "channels" || parts[2] != "messages" {
		l.mu.Unlock()
		return true
	}
	key := "channels/" + parts[1] + "/messages"
	b := l.buckets[key]
	if b == nil {
		b = &rateBucket{}
		l.buckets[key] = b
	}
	if !now.Before(b.reset) {
		b.used, b.reset = 0, now.Add(l.window)
	}
	after := b.reset.Sub(now)
	if b.used >= l.posts {
		l.mu.Unlock()
		s.tooMany(w, after, false)
		return false
	}
	b.used++
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(l.posts))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(l.posts-b.used))
	h.Set("X-RateLimit-Reset-After", fmt.Sprintf("%.3f", after.Seconds()))
	h.Set("X-RateLimit-Reset", fmt.Sprintf("%.3f", float64(b.reset.UnixMilli())/1000))
	h.Set("X-RateLimit-Bucket", key)
	l.mu.Unlock()
	return true
}

// tooMany answers 429 as Discord does.
func (s *Server) tooMany(w http.ResponseWriter, after time.Duration, global bool) {
	s.mu.Lock()
	s.rateLimited++
	s.mu.Unlock()
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(after.Seconds()))))
	scope := "user"
	if global {
		scope = "global"
		h.Set("X-RateLimit-Global", "true")
	} else {
		h.Set("X-RateLimit-Limit", strconv.Itoa(s.limits.posts))
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset-After", fmt.Sprintf("%.3f", after.Seconds()))
	}
	h.Set("X-RateLimit-Scope", scope)
	w.WriteHeader(http.StatusTooManyRequests)
	fmt.Fprintf(w, `{"message":"You are being rate limited.","retry_after":%.3f,"global":%t}`, after.Seconds(), global)
}
