package web

import (
	"regexp"
	"testing"
)

// TestStyleSheetBalanced: every brace of the style sheet closes one it
// opened. A stray "}" makes the browser drop the rule after it (it did:
// the standings table lost its layout in every language and width).
func TestStyleSheetBalanced(t *testing.T) {
	css, err := assets.ReadFile("assets/style.css")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`(?s)/\*.*?\*/|"[^"]*"|'[^']*'`).ReplaceAllString(string(css), "")
	depth, line := 0, 1
	for _, r := range text {
		switch r {
		case '\n':
			line++
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				t.Fatalf("style.css: a } with nothing to close, near line %d", line)
			}
		}
	}
	if depth != 0 {
		t.Errorf("style.css: %d blocks left open", depth)
	}
}
