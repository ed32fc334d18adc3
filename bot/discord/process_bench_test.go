package discord

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// cpuSeconds is the CPU time (user and system) a process has used.
func cpuSeconds(pid int) (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields after the command name (which may hold spaces): state is
	// field 3, utime 14 and stime 15, in clock ticks (100 per second).
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	u, _ := strconv.ParseFloat(f[11], 64)
	s, _ := strconv.ParseFloat(f[12], 64)
	return (u + s) / 100, nil
}

// redisInfo reads numbers from INFO: the total of commandstats calls and
// the server's CPU seconds.
func redisInfo(b *testing.B, rs *storagetest.RedisServer) (calls, cpu float64, by map[string]float64) {
	by = map[string]float64{}
	info, err := rs.Client().Info(context.Background(), "commandstats", "cpu").Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(info, "\r\n") {
		if strings.HasPrefix(line, "cmdstat_") {
			for _, kv := range strings.Split(line[strings.IndexByte(line, ':')+1:], ",") {
				if v, ok := strings.CutPrefix(kv, "calls="); ok {
					n, _ := strconv.ParseFloat(v, 64)
					if !strings.HasPrefix(line, "cmdstat_info:") {
						calls += n
						by[line[len("cmdstat_"):strings.IndexByte(line, ':')]] += n
					}
				}
			}
		}
		for _, k := range []string{"used_cpu_sys:", "used_cpu_user:"} {
			if v, ok := strings.CutPrefix(line, k); ok {
				n, _ := strconv.ParseFloat(v, 64)
				cpu += n
			}
		}
	}
	return calls, cpu, by
}

// BenchmarkProcessLoad measures one bot process (the built binary, in
// gateway mode and in HTTP-interactions mode, on a real redis-server) under a load of many channels
// playing Pebbles at once through the fake Discord, each player picking
// its moves through the autocompletion as people do. Every iteration is
// one whole game in every channel (about 50 moves each). It reports:
//
//   - moves/s: moves acknowledged per second of wall time, on this
//     machine, where the test's own players and the fake Discord share
//     the cores with the bot;
//
//   - ack-p50-ms, ack-p99-ms: from sending a /move to Discord having the
//     answer, as the player sees it;
//
//   - bot-cpu-ms/move: the bot process's CPU time per move (its
//     autocompletions, render and posts included), and
//     moves/s-on-2-cores: 2 CPU seconds divided by it, what the bot
//     sustains on two cores of its own;
//
//   - redis-cmds/move and redis-cpu-ms/move (INFO commandstats, INFO cpu);
//
//   - discord-req/move: REST requests the bot made per move (all of them,
//     autocompletions' answers, board uploads and pings included).
//
//     go test ./bot/discord -run '^$' -bench ProcessLoad -benchtime 1x
func BenchmarkProcessLoad(b *testing.B) {
	bin := buildSmokestack(b)
	for _, c := range []struct {
		mode     Mode
		channels int
	}{{ModeGateway, 10}, {ModeGateway, 40}, {ModeHTTP, 10}} {
		b.Run(fmt.Sprintf("%s/channels=%d", c.mode, c.channels), func(b *testing.B) {
			channels := c.channels
			rs := storagetest.Redis(b, storagetest.RedisOptions{})
			fd := fakediscord.New()
			defer fd.Close()
			env := []string{"DISCORD_TOKEN=" + fd.BotToken, "DISCORD_API_BASE=" + fd.URL,
				"REDIS_URL=unix://" + rs.Socket, "REDIS_PREFIX=" + storagetest.RedisPrefix(b),
				"SMOKESTACK_OPS_ADDR=127.0.0.1:0", "SMOKESTACK_LOG_FORMAT=json", "SMOKESTACK_LOG_LEVEL=info"}
			if c.mode == ModeHTTP {
				addr := freeAddr(b)
				env = append(env, "DISCORD_MODE=http", "DISCORD_APP_ID="+fd.AppID, "DISCORD_PUBLIC_KEY="+fd.PublicKeyHex(), "DISCORD_HTTP_ADDR="+addr)
				fd.SetEndpoint("http://" + addr + "/interactions")
			}
			p := startSmokestack(b, bin, env...)
			p.waitReady(b)
			players := make([]*player, channels)
			for i := range channels {
				players[i] = newPlayer(fd, i)
			}
			cpu0, err := cpuSeconds(p.cmd.Process.Pid)
			if err != nil {
				b.Fatal(err)
			}
			calls0, rcpu0, by0 := redisInfo(b, rs)
			req0 := fd.Requests()
			start := time.Now()
			b.ResetTimer()
			for range b.N {
				var wg sync.WaitGroup
				for _, pl := range players {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if err := pl.play(func() bool { return false }); err != nil {
							b.Error(err)
						}
					}()
				}
				wg.Wait()
			}
			b.StopTimer()
			wall := time.Since(start)
			// The posts after the last acknowledgements: until the bot
			// has made no request for half a second.
			for last := -1; last != fd.Requests(); {
				last = fd.Requests()
				time.Sleep(500 * time.Millisecond)
			}
			cpu1, _ := cpuSeconds(p.cmd.Process.Pid)
			calls1, rcpu1, by1 := redisInfo(b, rs)
			req1 := fd.Requests()
			var acks []time.Duration
			moves := 0
			for _, pl := range players {
				moves += int(pl.acked.Load())
				acks = append(acks, pl.acks...)
			}
			if moves == 0 {
				b.Fatal("no move played")
			}
			var per []string
			for k, v := range by1 {
				if d := (v - by0[k]) / float64(moves); d >= 0.01 {
					per = append(per, fmt.Sprintf("%s %.2f", k, d))
				}
			}
			slices.Sort(per)
			b.Logf("Redis commands per move: %s", strings.Join(per, ", "))
			slices.Sort(acks)
			pct := func(q float64) float64 {
				return float64(acks[min(len(acks)-1, int(float64(len(acks))*q))].Microseconds()) / 1000
			}
			perMove := (cpu1 - cpu0) / float64(moves)
			b.ReportMetric(float64(moves)/wall.Seconds(), "moves/s")
			b.ReportMetric(pct(0.5), "ack-p50-ms")
			b.ReportMetric(pct(0.99), "ack-p99-ms")
			b.ReportMetric(perMove*1000, "bot-cpu-ms/move")
			b.ReportMetric(2/perMove, "moves/s-on-2-cores")
			b.ReportMetric((calls1-calls0)/float64(moves), "redis-cmds/move")
			b.ReportMetric((rcpu1-rcpu0)*1000/float64(moves), "redis-cpu-ms/move")
			b.ReportMetric(float64(req1-req0)/float64(moves), "discord-req/move")
			b.ReportMetric(float64(moves), "moves")
			for _, v := range fd.Violations() {
				b.Errorf("the bot broke Discord's rules: %s", v)
			}
			p.stop(b, 30*time.Second)
		})
	}
}
