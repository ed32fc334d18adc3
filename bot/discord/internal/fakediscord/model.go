package fakediscord

import (
	"encoding/json"
	"time"
)

// Component is a message component as sent on the wire.
type Component struct {
	Type        int         `json:"type"` // 1 row, 2 button, 3 string select
	CustomID    string      `json:"custom_id,omitempty"`
	Label       string      `json:"label,omitempty"`
	Style       int         `json:"style,omitempty"`
	URL         string      `json:"url,omitempty"`
	Disabled    bool        `json:"disabled,omitempty"`
	Placeholder string      `json:"placeholder,omitempty"`
	MinValues   *int        `json:"min_values,omitempty"`
	MaxValues   *int        `json:"max_values,omitempty"`
	Options     []Option    `json:"options,omitempty"`
	Components  []Component `json:"components,omitempty"`
}

// Option is one select option.
type Option struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Default     bool   `json:"default,omitempty"`
}

// Embed is the part of an embed the fake checks and records.
type Embed struct {
	Title       string       `json:"title,omitempty"`
	Description string       `json:"description,omitempty"`
	URL         string       `json:"url,omitempty"`
	Color       int          `json:"color,omitempty"`
	Fields      []EmbedField `json:"fields,omitempty"`
	Author      *struct {
		Name string `json:"name"`
	} `json:"author,omitempty"`
	Footer *struct {
		Text string `json:"text"`
	} `json:"footer,omitempty"`
	Image *struct {
		URL string `json:"url"`
	} `json:"image,omitempty"`
	Thumbnail *struct {
		URL string `json:"url"`
	} `json:"thumbnail,omitempty"`
}

// EmbedField is one embed field.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

// Choice is one autocomplete choice.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

type allowedMentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users"`
	Roles []string `json:"roles"`
}

// payload is a message body (create, edit, interaction response data).
type payload struct {
	Content         *string          `json:"content"`
	Flags           *int             `json:"flags"`
	Embeds          *[]Embed         `json:"embeds"`
	Components      *[]Component     `json:"components"`
	Attachments     *[]attachmentRef `json:"attachments"`
	AllowedMentions *allowedMentions `json:"allowed_mentions"`
	Choices         *[]Choice        `json:"choices"`
	TTS             bool             `json:"tts"`
}

type attachmentRef struct {
	ID       json.RawMessage `json:"id"`
	Filename string          `json:"filename"`
}

// File is an uploaded attachment after validation.
type File struct {
	Name   string
	Width  int
	Height int
	Size   int
	Data   []byte
}

// Message is a message as the fake stores it.
type Message struct {
	ID          string
	ChannelID   string
	Ephemeral   bool
	To          string // the user an ephemeral message is shown to
	Content     string
	Flags       int
	Embeds      []Embed
	Components  []Component
	Files       []File
	Pings       []string // user IDs notified
	Interaction string   // the interaction it answers, if any
	Deleted     bool
	Created     time.Time

	loading bool // a deferred response's placeholder, not yet filled in
}

func (m *Message) clone() Message {
	c := *m
	c.Embeds = append([]Embed(nil), m.Embeds...)
	c.Components = append([]Component(nil), m.Components...)
	c.Files = append([]File(nil), m.Files...)
	c.Pings = append([]string(nil), m.Pings...)
	return c
}

type message = Message

// Entry is one line of a channel's transcript.
type Entry struct {
	Kind    string  // "post", "edit", "delete", "thread"
	Via     string  // "bot", "response", "followup", "webhook-edit"
	Trigger string  // the interaction it answers, as a user would see it
	Message Message // the message after the change
	Thread  string  // for "thread": the new thread's ID and name
}

type channel struct {
	ID       string
	Guild    string // "" for the default guild (Server.GuildID)
	Name     string
	ParentID string
	Archived bool // a thread archived for inactivity
	Entries  []Entry
	DM       string // a direct-message channel: the user it is with
	Perms    *int64 // the bot's permissions here (SetBotPermissions); nil: DefaultBotPermissions
}

// Interaction is one interaction the fake delivered.
type Interaction struct {
	ID      string
	Token   string
	Type    int // 2 command, 3 component, 4 autocomplete
	Channel string
	User    string
	Summary string // "/play game:<id>", "click Join" ...
	Message string // the message a component belongs to
	Created time.Time

	acked    bool
	filled   bool // a deferred update has been filled in
	viaHTTP  bool
	ackType  int
	original string // the @original message ID
	done     chan struct{}
	resp     Response
	raw      []byte
	guild    string // the guild it came from (which shard gets it)
}

// Response is the initial response an interaction received.
type Response struct {
	Type       int
	Content    string
	Flags      int
	Choices    []Choice
	Components []Component
	Embeds     []Embed
	Files      []File
	HTTPStatus int // in HTTP-interactions mode, the bot's status code
}

// Ephemeral reports whether the response is private.
func (r Response) Ephemeral() bool { return r.Flags&FlagEphemeral != 0 }
