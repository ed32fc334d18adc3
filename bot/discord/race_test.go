//go:build race

package discord

// raceEnabled: the race detector slows the bot, the fake and the service
// several times over, so timing-bound tests scale down under it.
const raceEnabled = true
