package lang

import (
	"testing"
	"testing/fstest"
)

// TestElide: French "de" before a name, elided before a vowel, also
// through a catalog's {{de .who}}.
func TestElide(t *testing.T) {
	for name, want := range map[string]string{"Anna": "d’Anna", "Urbanization": "d’Urbanization", "Ordinateur 2 (facile)": "d’Ordinateur 2 (facile)",
		"Émile": "d’Émile", "Bob": "de Bob", "Hugo": "de Hugo", "The Smoky Valley": "de The Smoky Valley", "": "de "} {
		if got := Elide(name); got != want {
			t.Errorf("Elide(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestElideInTemplate(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.toml": {Data: []byte("turn = \"{{.who}} to play\"\n")},
		"m/fr.toml": {Data: []byte("turn = \"au tour {{de .who}}\"\n")},
		"m/de.toml": {Data: []byte("turn = \"{{.who}} ist dran\"\n")},
	}
	c, err := Load("test", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	for who, want := range map[string]string{"Anna": "au tour d’Anna", "Bob": "au tour de Bob"} {
		if got := c.Text(French, "turn", map[string]string{"who": who}); got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}
