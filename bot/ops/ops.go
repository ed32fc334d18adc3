// Package ops is the operator's side of a running Smokestack: the
// Prometheus metrics the host records (through bot.Metrics, which this
// package implements) and the endpoint that serves them with the health
// checks, on an address of its own (SMOKESTACK_OPS_ADDR):
//
//	/healthz  200 while the process runs (liveness)
//	/readyz   200 when the store answers and the front end can take
//	          requests (the Discord session is up, or the interactions
//	          endpoint listens); 503 with the reason otherwise, and from
//	          the moment a shutdown begins
//	/metrics  Prometheus text format
//
// Only cmd/smokestack imports it: the core and the front ends record
// through the bot.Metrics interface and know nothing of Prometheus.
package ops

import (
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/smokestack/smokestack/bot"
)

// Metrics implements bot.Metrics with Prometheus collectors in a private
// registry (nothing global, so tests and several instances do not clash).
type Metrics struct {
	reg *prometheus.Registry

	interactions *prometheus.CounterVec
	ack, total   *prometheus.HistogramVec
	moves        *prometheus.CounterVec
	casRetries   prometheus.Counter
	renderTime   *prometheus.HistogramVec
	renderBytes  *prometheus.HistogramVec
	storeTime    *prometheus.HistogramVec
	storeErrors  *prometheus.CounterVec
	discordErrs  *prometheus.CounterVec
	rateWaits    prometheus.Histogram
}

var _ bot.Metrics = (*Metrics)(nil)

// Latency buckets, in seconds. Discord wants an answer within 3 s, and
// the bot defers at 1.5 s: the ack buckets are fine below 100 ms, where a
// healthy bot answers, and reach past 3 s.
var (
	ackBuckets    = []float64{.002, .005, .01, .025, .05, .1, .25, .5, 1, 1.5, 2, 3, 5}
	totalBuckets  = []float64{.01, .025, .05, .1, .25, .5, 1, 2, 3, 5, 10, 30, 60}
	renderBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5}
	storeBuckets  = []float64{.0002, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1, 3}
	bytesBuckets  = prometheus.ExponentialBuckets(8<<10, 2, 10) // 8 KiB .. 4 MiB
	waitBuckets   = []float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}
)

// NewMetrics registers every collector, with Go's runtime and the
// process's own (memory, CPU, open files).
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "smokestack_interactions_total",
			Help: "Interactions answered, by command and outcome (ok, refused: the user's mistake explained, error: the host failed).",
		}, []string{"command", "outcome"}),
		ack: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "smokestack_interaction_ack_seconds", Buckets: ackBuckets,
			Help: "Time from an interaction's arrival to the first response Discord has (its acknowledgement).",
		}, []string{"command"}),
		total: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "smokestack_interaction_total_seconds", Buckets: totalBuckets,
			Help: "Time from an interaction's arrival to its last post (pictures and turn ping included).",
		}, []string{"command"}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "smokestack_moves_total",
			Help: "Moves submitted to started matches, by game and outcome (applied, refused).",
		}, []string{"game", "outcome"}),
		casRetries: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "smokestack_cas_retries_total",
			Help: "Compare-and-set writes lost to a concurrent writer and tried again.",
		}),
		renderTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "smokestack_render_seconds", Buckets: renderBuckets,
			Help: "Time to draw a position's images, by game (cached positions are not drawn again).",
		}, []string{"game"}),
		renderBytes: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "smokestack_render_png_bytes", Buckets: bytesBuckets,
			Help: "PNG bytes of one drawing of a position's images, by game.",
		}, []string{"game"}),
		storeTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "smokestack_store_seconds", Buckets: storeBuckets,
			Help: "Time of one store call, by operation (get, commit, create, log, channel, user).",
		}, []string{"op"}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "smokestack_store_errors_total",
			Help: "Store calls that failed (not answering, damaged data), by operation.",
		}, []string{"op"}),
		discordErrs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "smokestack_discord_rest_errors_total",
			Help: "Discord REST calls that failed, by HTTP status (network: no status came back).",
		}, []string{"status"}),
		rateWaits: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "smokestack_discord_rate_limit_wait_seconds", Buckets: waitBuckets,
			Help: "Waits imposed by Discord's rate limit (a 429's retry_after).",
		}),
	}
	reg.MustRegister(m.interactions, m.ack, m.total, m.moves, m.casRetries, m.renderTime, m.renderBytes,
		m.storeTime, m.storeErrors, m.discordErrs, m.rateWaits,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry is where the collectors are registered.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

func (m *Metrics) Interaction(command, outcome string, ack, total time.Duration) {
	m.interactions.WithLabelValues(command, outcome).Inc()
	if ack > 0 {
		m.ack.WithLabelValues(command).Observe(ack.Seconds())
	}
	m.total.WithLabelValues(command).Observe(total.Seconds())
}

func (m *Metrics) Move(game, outcome string) { m.moves.WithLabelValues(game, outcome).Inc() }

func (m *Metrics) CASRetry() { m.casRetries.Inc() }

func (m *Metrics) Render(game string, took time.Duration, pngBytes int) {
	m.renderTime.WithLabelValues(game).Observe(took.Seconds())
	m.renderBytes.WithLabelValues(game).Observe(float64(pngBytes))
}

func (m *Metrics) Store(op string, took time.Duration, failed bool) {
	m.storeTime.WithLabelValues(op).Observe(took.Seconds())
	if failed {
		m.storeErrors.WithLabelValues(op).Inc()
	}
}

func (m *Metrics) DiscordError(status string) { m.discordErrs.WithLabelValues(status).Inc() }

func (m *Metrics) RateLimitWait(d time.Duration) { m.rateWaits.Observe(d.Seconds()) }

// OpenMatches exports the open matches by game and status (lobby,
// active) as the gauge smokestack_open_matches. count lists them (a walk
// over the store); it runs at most once per every, and a scrape in
// between reads the last count.
func (m *Metrics) OpenMatches(count func(ctx context.Context) (map[[2]string]int, error), every time.Duration) {
	m.reg.MustRegister(&openMatches{count: count, every: every,
		desc: prometheus.NewDesc("smokestack_open_matches",
			"Open matches by game and status (lobby, active), counted from the store at most once per interval.",
			[]string{"game", "status"}, nil)})
}

type openMatches struct {
	count func(ctx context.Context) (map[[2]string]int, error)
	every time.Duration
	desc  *prometheus.Desc

	mu   sync.Mutex
	at   time.Time
	last map[[2]string]int
}

func (o *openMatches) Describe(ch chan<- *prometheus.Desc) { ch <- o.desc }

func (o *openMatches) Collect(ch chan<- prometheus.Metric) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.last == nil || time.Since(o.at) >= o.every {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		n, err := o.count(ctx)
		cancel()
		if err == nil {
			o.last, o.at = n, time.Now()
		} else if o.last == nil {
			ch <- prometheus.NewInvalidMetric(o.desc, err)
			return
		}
	}
	for k, v := range o.last {
		ch <- prometheus.MustNewConstMetric(o.desc, prometheus.GaugeValue, float64(v), k[0], k[1])
	}
}
