package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

var errInvalid = errors.New("fakediscord: invalid form body")

// readBody decodes a JSON or multipart (payload_json + files[n]) body. raw
// is the JSON part.
func readBody(r *http.Request) (raw []byte, files []File, err error) {
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		raw, err = io.ReadAll(r.Body)
		return raw, nil, err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%w: multipart: %v", errInvalid, err)
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, nil, err
		}
		name := part.FormName()
		switch {
		case name == "payload_json":
			raw = data
		case strings.HasPrefix(name, "files["):
			f, err := decodeFile(part.FileName(), data)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, f)
		default:
			return nil, nil, fmt.Errorf("%w: unexpected form part %q", errInvalid, name)
		}
	}
	if raw == nil {
		return nil, nil, fmt.Errorf("%w: multipart body without payload_json", errInvalid)
	}
	return raw, files, nil
}

// decodeFile checks an uploaded file: a name, and for a .png a valid
// PNG (its size is kept); any other file (a text attachment such as a
// match record) is kept as sent.
func decodeFile(name string, data []byte) (File, error) {
	if name == "" {
		return File{}, fmt.Errorf("%w: file without a name", errInvalid)
	}
	// Discord keeps a file's base name only and refers to it as
	// attachment://<name>: a name with a path or control characters is a
	// bot bug.
	if strings.ContainsAny(name, "/\\") || strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return File{}, fmt.Errorf("%w: file name %q holds a path separator or a control character", errInvalid, name)
	}
	if !strings.HasSuffix(strings.ToLower(name), ".png") {
		return File{Name: name, Size: len(data), Data: data}, nil
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return File{}, fmt.Errorf("%w: file %q is not a valid PNG: %v", errInvalid, name, err)
	}
	b := img.Bounds()
	return File{Name: name, Width: b.Dx(), Height: b.Dy(), Size: len(data), Data: data}, nil
}

var attachmentRefRE = regexp.MustCompile(`attachment://([^\s"')]+)`)

// checkMessage validates a message body against Discord's limits. files
// are the files uploaded with it; kept are the names already on the message.
func checkMessage(p *payload, files []File, kept []string) error {
	if p.Content != nil {
		if n := utf8.RuneCountInString(*p.Content); n > MaxContent {
			return fmt.Errorf("%w: content is %d characters (max %d)", errInvalid, n, MaxContent)
		}
	}
	if p.Embeds != nil {
		if err := checkEmbeds(*p.Embeds); err != nil {
			return err
		}
	}
	if p.Components != nil {
		if err := checkComponents(*p.Components); err != nil {
			return err
		}
	}
	if am := p.AllowedMentions; am != nil {
		for _, k := range am.Parse {
			if k != "users" && k != "roles" && k != "everyone" {
				return fmt.Errorf("%w: allowed_mentions.parse %q", errInvalid, k)
			}
		}
		if (contains(am.Parse, "users") && len(am.Users) > 0) || (contains(am.Parse, "roles") && len(am.Roles) > 0) {
			return fmt.Errorf("%w: allowed_mentions: parse and a list for the same kind", errInvalid)
		}
		if len(am.Users) > 100 || len(am.Roles) > 100 {
			return fmt.Errorf("%w: allowed_mentions: more than 100 users or roles", errInvalid)
		}
	}
	// An edit keeps the files already on the message unless it lists the
	// attachments to keep.
	stay := len(kept)
	if p.Attachments != nil {
		stay = 0
		for _, a := range *p.Attachments {
			if !isUploadIndex(a.ID, len(files)) {
				stay++
			}
		}
	}
	if n := stay + len(files); n > MaxAttachments {
		return fmt.Errorf("%w: %d attachments (max %d)", errInvalid, n, MaxAttachments)
	}
	total := 0
	for _, f := range files {
		if f.Size > MaxFileSize {
			return fmt.Errorf("%w: file %q is %d bytes (max %d)", errInvalid, f.Name, f.Size, MaxFileSize)
		}
		total += f.Size
	}
	if total > MaxUploadSize {
		return fmt.Errorf("%w: the files add up to %d bytes (max %d per request)", errInvalid, total, MaxUploadSize)
	}
	names := map[string]bool{}
	for _, n := range kept {
		names[n] = true
	}
	for _, f := range files {
		if names[f.Name] && !contains(kept, f.Name) {
			return fmt.Errorf("%w: two files named %q", errInvalid, f.Name)
		}
		names[f.Name] = true
	}
	var refs []string
	if p.Embeds != nil {
		b, _ := json.Marshal(*p.Embeds)
		for _, m := range attachmentRefRE.FindAllStringSubmatch(string(b), -1) {
			refs = append(refs, m[1])
		}
	}
	for _, r := range refs {
		if !names[r] {
			return fmt.Errorf("%w: attachment://%s names no uploaded file", errInvalid, r)
		}
	}
	return nil
}

// isUploadIndex reports whether an attachment ID names one of the n files
// uploaded with the request (0 to n-1) rather than a kept attachment.
func isUploadIndex(id json.RawMessage, n int) bool {
	v, err := strconv.Atoi(strings.Trim(string(id), `"`))
	return err == nil && v >= 0 && v < n && len(strings.Trim(string(id), `"`)) < 4
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func checkEmbeds(es []Embed) error {
	if len(es) > 10 {
		return fmt.Errorf("%w: %d embeds (max 10)", errInvalid, len(es))
	}
	total := 0
	for i, e := range es {
		n := func(s string) int { return utf8.RuneCountInString(s) }
		switch {
		case n(e.Title) > 256:
			return fmt.Errorf("%w: embed %d title too long", errInvalid, i)
		case n(e.Description) > 4096:
			return fmt.Errorf("%w: embed %d description too long", errInvalid, i)
		case len(e.Fields) > 25:
			return fmt.Errorf("%w: embed %d has %d fields (max 25)", errInvalid, i, len(e.Fields))
		}
		total += n(e.Title) + n(e.Description)
		for j, f := range e.Fields {
			if n(f.Name) == 0 || n(f.Name) > 256 || n(f.Value) == 0 || n(f.Value) > 1024 {
				return fmt.Errorf("%w: embed %d field %d: name 1..256 and value 1..1024 characters", errInvalid, i, j)
			}
			total += n(f.Name) + n(f.Value)
		}
		if e.Footer != nil {
			if n(e.Footer.Text) < 1 || n(e.Footer.Text) > 2048 {
				return fmt.Errorf("%w: embed %d footer text 1..2048 characters", errInvalid, i)
			}
			total += n(e.Footer.Text)
		}
		if e.Author != nil {
			if n(e.Author.Name) < 1 || n(e.Author.Name) > 256 {
				return fmt.Errorf("%w: embed %d author name 1..256 characters", errInvalid, i)
			}
			total += n(e.Author.Name)
		}
	}
	if total > 6000 {
		return fmt.Errorf("%w: embeds total %d characters (max 6000)", errInvalid, total)
	}
	return nil
}

func checkComponents(rows []Component) error {
	if len(rows) > MaxRows {
		return fmt.Errorf("%w: %d action rows (max %d)", errInvalid, len(rows), MaxRows)
	}
	seen := map[string]bool{}
	checkID := func(id string) error {
		if n := utf8.RuneCountInString(id); n < 1 || n > MaxCustomID {
			return fmt.Errorf("%w: custom_id %q is %d characters (1..%d)", errInvalid, id, n, MaxCustomID)
		}
		if seen[id] {
			return fmt.Errorf("%w: duplicate custom_id %q", errInvalid, id)
		}
		seen[id] = true
		return nil
	}
	for i, row := range rows {
		if row.Type != 1 {
			return fmt.Errorf("%w: top-level component %d is type %d, not an action row", errInvalid, i, row.Type)
		}
		if len(row.Components) == 0 {
			return fmt.Errorf("%w: action row %d is empty", errInvalid, i)
		}
		buttons, selects := 0, 0
		for _, c := range row.Components {
			switch c.Type {
			case 2:
				buttons++
				if utf8.RuneCountInString(c.Label) > 80 {
					return fmt.Errorf("%w: button label %q longer than 80", errInvalid, c.Label)
				}
				if c.Style == 5 {
					if c.URL == "" || c.CustomID != "" || len(c.URL) > 512 {
						return fmt.Errorf("%w: link button needs a url (at most 512 characters) and no custom_id", errInvalid)
					}
					continue
				}
				if c.Style < 1 || c.Style > 4 {
					return fmt.Errorf("%w: button style %d", errInvalid, c.Style)
				}
				if err := checkID(c.CustomID); err != nil {
					return err
				}
			case 3:
				selects++
				if err := checkID(c.CustomID); err != nil {
					return err
				}
				if len(c.Options) < 1 || len(c.Options) > MaxSelectOptions {
					return fmt.Errorf("%w: select %q has %d options (1..%d)", errInvalid, c.CustomID, len(c.Options), MaxSelectOptions)
				}
				vals := map[string]bool{}
				for _, o := range c.Options {
					if n := utf8.RuneCountInString(o.Label); n < 1 || n > 100 {
						return fmt.Errorf("%w: select option label %q (1..100)", errInvalid, o.Label)
					}
					if n := utf8.RuneCountInString(o.Value); n < 1 || n > 100 {
						return fmt.Errorf("%w: select option value %q (1..100)", errInvalid, o.Value)
					}
					if utf8.RuneCountInString(o.Description) > 100 {
						return fmt.Errorf("%w: select option description too long", errInvalid)
					}
					if vals[o.Value] {
						return fmt.Errorf("%w: duplicate select value %q", errInvalid, o.Value)
					}
					vals[o.Value] = true
				}
				if utf8.RuneCountInString(c.Placeholder) > 150 {
					return fmt.Errorf("%w: select placeholder too long", errInvalid)
				}
				lo, hi := 1, 1
				if c.MinValues != nil {
					lo = *c.MinValues
				}
				if c.MaxValues != nil {
					hi = *c.MaxValues
				}
				if lo < 0 || lo > MaxSelectOptions || hi < 1 || hi > MaxSelectOptions || lo > hi || hi > len(c.Options) {
					return fmt.Errorf("%w: select %q: min_values %d and max_values %d for %d options", errInvalid, c.CustomID, lo, hi, len(c.Options))
				}
			default:
				return fmt.Errorf("%w: component type %d inside a row", errInvalid, c.Type)
			}
		}
		if selects > 0 && (selects > 1 || buttons > 0) {
			return fmt.Errorf("%w: action row %d mixes a select with other components", errInvalid, i)
		}
		if buttons > MaxButtonsPerRow {
			return fmt.Errorf("%w: action row %d has %d buttons (max %d)", errInvalid, i, buttons, MaxButtonsPerRow)
		}
	}
	return nil
}

func checkChoices(cs []Choice) error {
	if len(cs) > MaxChoices {
		return fmt.Errorf("%w: %d autocomplete choices (max %d)", errInvalid, len(cs), MaxChoices)
	}
	for _, c := range cs {
		if n := utf8.RuneCountInString(c.Name); n < 1 || n > MaxChoiceLen {
			return fmt.Errorf("%w: choice name %q is %d characters (1..%d)", errInvalid, c.Name, n, MaxChoiceLen)
		}
		if v, ok := c.Value.(string); ok && utf8.RuneCountInString(v) > MaxChoiceLen {
			return fmt.Errorf("%w: choice value %q longer than %d", errInvalid, v, MaxChoiceLen)
		}
	}
	return nil
}

// pings computes whom a message notifies: user mentions in the content,
// filtered by allowed_mentions (absent means every mention pings).
func pings(content string, am *allowedMentions) []string {
	var out []string
	for _, m := range mentionRE.FindAllStringSubmatch(content, -1) {
		id := m[1]
		if contains(out, id) {
			continue
		}
		if am != nil && !contains(am.Parse, "users") && !contains(am.Users, id) {
			continue
		}
		out = append(out, id)
	}
	return out
}

var mentionRE = regexp.MustCompile(`<@!?(\d+)>`)
