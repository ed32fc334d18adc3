package smokyvalley

import (
	"os"
	"strings"
	"testing"
)

// TestDataRefusesMissingAgencyPrestige: the export agencies' prestige is
// printed data (board.json, rules), not a constant of the code; a data
// file without it is refused by name rather than scoring traders 0.
func TestDataRefusesMissingAgencyPrestige(t *testing.T) {
	read := func(name string) ([]byte, error) {
		b, err := dataFS.ReadFile("data/" + name)
		if name == "board.json" && err == nil {
			b = []byte(strings.Replace(string(b), `"agencyPrestige": 1,`, "", 1))
		}
		return b, err
	}
	if _, err := loadData(read); err == nil || !strings.Contains(err.Error(), "agencyPrestige") {
		t.Errorf("board.json without agencyPrestige: %v, want a refusal naming it", err)
	}
	if theData().rules.AgencyPrestige != 1 {
		t.Errorf("agencyPrestige %d, want the booklet's 1", theData().rules.AgencyPrestige)
	}
}

// TestDataProvenanceListsAssumptions: every field a data file marks as
// assumed is named in the Smoky Valley section of docs/data-provenance.md.
func TestDataProvenanceListsAssumptions(t *testing.T) {
	doc, err := os.ReadFile("../../docs/data-provenance.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(doc), "# The Smoky Valley data provenance")
	if i < 0 {
		t.Fatal("docs/data-provenance.md has no Smoky Valley section")
	}
	text := string(doc[i:])
	if k := strings.Index(text[1:], "\n# "); k >= 0 {
		text = text[:k+1]
	}
	fields := map[string]bool{}
	field := func(s string) string {
		s = strings.Fields(s)[0]
		if j := strings.LastIndex(s, "."); j >= 0 {
			s = s[j+1:]
		}
		return s
	}
	for _, d := range theData().districts {
		for _, a := range d.Assumed {
			fields[field(a)] = true
		}
	}
	for _, m := range theData().markets {
		for _, a := range m.Assumed {
			fields[strings.Split(a, ".")[0]] = true
		}
	}
	for _, ind := range theData().industries {
		for _, a := range ind.Assumed {
			fields[a] = true
		}
	}
	for _, s := range theData().services {
		for _, a := range s.Assumed {
			fields[a] = true
		}
	}
	for _, a := range theData().board.Assumed {
		if strings.HasPrefix(a, "rules.") {
			fields[field(strings.TrimPrefix(a, "rules."))] = true
		}
	}
	for f := range fields {
		if !strings.Contains(text, f) {
			t.Errorf("assumed field %q is not named in the Smoky Valley section of docs/data-provenance.md", f)
		}
	}
	if len(fields) < 10 {
		t.Errorf("only %d assumed fields found: %v", len(fields), fields)
	}
}
