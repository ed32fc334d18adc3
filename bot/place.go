package bot

// Place is what kind of place a front end's channel is, for the texts
// that name it: "this channel", or "this thread" in a thread of a channel
// (Discord's threads, where /play thread:true opens a match). The front
// end knows it: Discord names the channel's type in every interaction.
type Place string

const (
	// PlaceChannel is a channel of its own, and any place that has no
	// other name (the playground's).
	PlaceChannel Place = ""
	// PlaceThread is a thread of a channel.
	PlaceThread Place = "thread"
)

// PlaceOf is PlaceThread when thread holds, else PlaceChannel.
func PlaceOf(thread bool) Place {
	if thread {
		return PlaceThread
	}
	return PlaceChannel
}

// ID is the catalog message of a text that names the place: id for a
// channel, id+"-thread" for a thread (each a whole sentence in every
// language, so the grammar of each place's word is the translator's).
func (p Place) ID(id string) string {
	if p == PlaceThread {
		return id + "-thread"
	}
	return id
}
