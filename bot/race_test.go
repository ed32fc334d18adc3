//go:build race

package bot

// raceEnabled: the race detector slows the bot, the fake and the service
// several times over, so timing-bound tests scale down under it.
const raceEnabled = true
