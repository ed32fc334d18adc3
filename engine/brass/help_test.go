package brass

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

func helpTopicsByID(t *testing.T) map[string]engine.HelpTopic {
	t.Helper()
	m := map[string]engine.HelpTopic{}
	for _, tp := range helpTopics() {
		if _, dup := m[tp.ID]; dup {
			t.Errorf("duplicate topic ID %q", tp.ID)
		}
		m[tp.ID] = tp
	}
	return m
}

func TestHelpTopicShape(t *testing.T) {
	kinds := map[string]int{}
	for _, tp := range helpTopics() {
		kinds[tp.Kind]++
		if tp.ID == "" || tp.Title == "" || strings.TrimSpace(tp.Body) == "" || len(tp.Keywords) == 0 {
			t.Errorf("topic %q is incomplete: %+v", tp.ID, tp)
		}
		if strings.ContainsAny(tp.Body, "{}") {
			t.Errorf("topic %q has an unfilled placeholder: %s", tp.ID, tp.Body)
		}
		if n := len(tp.Body); n > maxHelpBody {
			t.Errorf("topic %q body has %d bytes, limit %d", tp.ID, n, maxHelpBody)
		}
		if tp.ID != strings.ToLower(tp.ID) || strings.ContainsAny(tp.ID, " _") {
			t.Errorf("topic ID %q is not a lower-case slug", tp.ID)
		}
		for _, k := range tp.Keywords {
			if k != strings.ToLower(k) || k == "" {
				t.Errorf("topic %q keyword %q must be lower case and non-empty", tp.ID, k)
			}
		}
	}
	for _, k := range []string{"rule", "tile", "location", "card"} {
		if kinds[k] == 0 {
			t.Errorf("no topics of kind %q", k)
		}
	}
}

// helpTopicConsts returns the string constants declared in topics.go, read
// from the source so that a constant missing from TopicIDs is still checked.
func helpTopicConsts(t *testing.T) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "topics.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	return helpStringConsts(t, []*ast.File{f})
}

func helpStringConsts(t *testing.T, files []*ast.File) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, err := strconv.Unquote(lit.Value)
						if err != nil {
							t.Fatal(err)
						}
						out[n.Name] = v
					}
				}
			}
		}
	}
	return out
}

func TestHelpCoversTopicIDs(t *testing.T) {
	byID := helpTopicsByID(t)
	consts := helpTopicConsts(t)
	if len(consts) < len(TopicIDs) {
		t.Errorf("topics.go declares %d constants but TopicIDs has %d", len(consts), len(TopicIDs))
	}
	ids := append([]string(nil), TopicIDs...)
	for _, v := range consts {
		ids = append(ids, v)
	}
	for _, id := range ids {
		tp, ok := byID[id]
		if !ok {
			t.Errorf("no help topic for ID %q", id)
			continue
		}
		if tp.Kind != "rule" || strings.TrimSpace(tp.Body) == "" {
			t.Errorf("topic %q: kind %q, body %d bytes", id, tp.Kind, len(tp.Body))
		}
	}
	// Every rule topic is also a declared ID, so RuleErrors can name it.
	declared := map[string]bool{}
	for _, id := range ids {
		declared[id] = true
	}
	for _, r := range helpRuleTexts {
		if !declared[r.id] {
			t.Errorf("rule topic %q has no constant in topics.go", r.id)
		}
	}
}

// TestRuleErrorTopicsExist reads the package's non-test source for
// engine.Rule(code, topic, ...) calls and engine.RuleError{Topic: ...}
// literals and checks every topic they name has help. A topic passed
// through a wrapper function's parameter is followed to the wrapper's
// callers (ruleSource in rulecodes_test.go).
func TestRuleErrorTopicsExist(t *testing.T) {
	src := loadRuleSource(t)
	byID := helpTopicsByID(t)
	sites := src.ruleArgs("Topic")
	for _, r := range sites {
		for _, u := range r.unresolved {
			t.Errorf("%s: rule error topic %s is not a constant or string literal (%s)", r.pos, r.expr, u)
		}
		for _, v := range r.values {
			if _, ok := byID[v]; !ok {
				t.Errorf("%s: rule error names topic %q, which has no help", r.pos, v)
			}
		}
	}
	if len(sites) < 30 {
		t.Fatalf("found only %d rule error sites", len(sites))
	}
	t.Logf("checked %d rule error sites", len(sites))
}

// helpAssigned returns the expressions assigned to a local variable name
// in fn (name := x, name = x, var name = x).
func helpAssigned(fn *ast.FuncDecl, name string) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if len(x.Lhs) != len(x.Rhs) {
				return true
			}
			for i, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					out = append(out, x.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, id := range x.Names {
				if id.Name == name && i < len(x.Values) {
					out = append(out, x.Values[i])
				}
			}
		}
		return true
	})
	return out
}

func helpIsSel(e ast.Expr, pkg, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := s.X.(*ast.Ident)
	return ok && id.Name == pkg && s.Sel.Name == name
}

func helpCallee(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

func helpParamIndex(fn *ast.FuncDecl, name string) int {
	i := 0
	for _, f := range fn.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if n.Name == name {
				return i
			}
			i++
		}
	}
	return -1
}

func helpExpr(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.BasicLit:
		return x.Value
	case *ast.SelectorExpr:
		return helpExpr(x.X) + "." + x.Sel.Name
	}
	return fmt.Sprintf("%T", e)
}

func TestHelpSearchFindsTopicFirst(t *testing.T) {
	topics := helpTopics()
	for _, tc := range []struct{ query, want string }{
		{"coal", TopicCoal},
		{"loan", TopicLoan},
		{"borrow", TopicLoan},
		{"virtual link", TopicVirtualLink},
		{"distant market", TopicDistantMarket},
		{"overbuild", TopicOverbuild},
		{"build over", TopicOverbuild},
		{"turn order", TopicTurnOrder},
		{"who goes first", TopicTurnOrder},
		{"canal", TopicCanal},
		{"rail", TopicRail},
		{"double rail", TopicRail},
		{"income", TopicIncome},
		{"negative income", TopicNegativeIncome},
		{"liquidate", TopicNegativeIncome},
		{"first turn", TopicFirstTurn},
		{"two cards", TopicTwoCardBuild},
		{"build anywhere", TopicTwoCardBuild},
		{"iron", TopicIron},
		{"coal market", TopicCoalMarket},
		{"iron demand", TopicIronMarket},
		{"coal mine", TopicCoalMine},
		{"iron works", TopicIronWorks},
		{"shipyard", TopicShipyard},
		{"cotton", TopicCottonMill},
		{"port", TopicPort},
		{"flip", TopicFlipping},
		{"develop", TopicDevelop},
		{"sell", TopicSellCotton},
		{"pass", TopicDiscard},
		{"tie", TopicTieBreak},
		{"link scoring", TopicLinkScoring},
		{"final scoring", TopicFinalScoring},
		{"port box", TopicPortBoxes},
		{"14 links", TopicLinkLimit},
		{"one per town", TopicOnePerTown},
		{"network", TopicNetwork},
		{"tech level", TopicTechLevel},
		{"end of period", TopicPeriodEnd},
		{"deck", TopicDeck},
		{"setup", TopicSetup},
		{"notation", TopicNotation},
		{"cotton 2", "tile-cotton-2"},
		{"mill level 2", "tile-cotton-2"},
		{"iron works 3", "tile-iron-3"},
		{"ship 0", "tile-ship-0"},
		{"coal mine level 4", "tile-coal-4"},
		{"manchester", "place-manchester"},
		{"lancaster", "place-lancaster"},
		{"warrington", "place-warrington"},
		{"runcorn", "place-warrington"},
		{"scotland", "place-scotland"},
		{"the midlands", "place-midlands"},
		{"blackpool", "place-blackpool"},
		{"wigan card", "card-wigan"},
		{"card:coal", "card-coal"},
		{"shipyard card", "card-ship"},
	} {
		got := engine.SearchHelp(topics, tc.query, 3)
		if len(got) == 0 {
			t.Errorf("search %q: nothing found, want %q", tc.query, tc.want)
			continue
		}
		if got[0].ID != tc.want {
			var ids []string
			for _, g := range got {
				ids = append(ids, g.ID)
			}
			t.Errorf("search %q: got %v, want %q first", tc.query, ids, tc.want)
		}
	}
}

// The generated topics state the data's values, so a correction in
// data/*.json reaches the help text.
func TestGeneratedHelpFollowsData(t *testing.T) {
	byID := helpTopicsByID(t)
	b := theBoard()
	for i := industry(0); i < numIndustries; i++ {
		for lv, s := range b.specs[i] {
			id := fmt.Sprintf("tile-%s-%d", i, lv)
			tp, ok := byID[id]
			if s.Count == 0 {
				if ok {
					t.Errorf("topic %q exists for a level that is not in the data", id)
				}
				continue
			}
			if !ok {
				t.Errorf("no tile topic %q", id)
				continue
			}
			if s.Period == "never" {
				continue
			}
			for _, want := range []string{
				fmt.Sprintf("£%d", s.Cost),
				fmt.Sprintf("income +%d spaces, %d VP", s.Income, s.VP),
				fmt.Sprintf("has %d of these", s.Count),
			} {
				if !strings.Contains(tp.Body, want) {
					t.Errorf("%s: body lacks %q", id, want)
				}
			}
		}
	}
	for pi, p := range b.places {
		tp, ok := byID["place-"+p.ID]
		if !ok {
			t.Errorf("no location topic for %q", p.ID)
			continue
		}
		for _, li := range p.links {
			if !strings.Contains(tp.Body, b.links[li].ID) {
				t.Errorf("place-%s does not list link %s", p.ID, b.links[li].ID)
			}
		}
		if len(p.Spaces) > 0 && !strings.Contains(tp.Body, fmt.Sprintf("@%d ", len(p.Spaces))) {
			t.Errorf("place-%s does not list its last space", p.ID)
		}
		if p.Cards > 0 {
			card, ok := byID["card-"+b.cardSlug(pi)]
			if !ok || !strings.Contains(card.Body, fmt.Sprintf("the deck holds %d", p.Cards)) {
				t.Errorf("card-%s missing or wrong count", p.ID)
			}
		}
	}
	for i := industry(0); i < numIndustries; i++ {
		card, ok := byID["card-"+i.String()]
		if !ok || !strings.Contains(card.Body, fmt.Sprintf("the deck holds %d", b.industryCards[i])) {
			t.Errorf("card-%s missing or wrong count", i)
		}
	}
}

func TestInfoHasHelp(t *testing.T) {
	var g engine.Game = Game{}
	topics := g.Info().Help
	if len(topics) != len(helpTopics()) {
		t.Fatalf("Info().Help has %d topics, want %d", len(topics), len(helpTopics()))
	}
	if tp, ok := engine.FindTopic(topics, TopicLoan); !ok || tp.Kind != "rule" {
		t.Errorf("FindTopic(%q) = %+v, %v", TopicLoan, tp, ok)
	}
}

// The moves quoted in the rule topics are written in canonical notation, so
// a player can copy them.
func TestHelpExamplesAreCanonical(t *testing.T) {
	actions := map[string]bool{"build": true, "canal": true, "rail": true, "develop": true, "sell": true,
		"loan": true, "pass": true, "stop": true, "liquidate": true}
	g := Game{}
	n := 0
	for _, r := range helpRuleTexts {
		for _, line := range strings.Split(r.body, "\n") {
			var text string
			for _, prefix := range []string{"Notation: ", "Two: ", "Then: ", "- "} {
				if strings.HasPrefix(line, prefix) {
					text = strings.TrimPrefix(line, prefix)
					break
				}
			}
			if i := strings.Index(text, " ("); i >= 0 {
				text = text[:i]
			}
			for _, ex := range strings.Split(text, "  or  ") {
				ex = strings.TrimSpace(ex)
				f := strings.Fields(ex)
				if len(f) == 0 || !actions[f[0]] {
					continue
				}
				// Plain sentences that start with an action word are not moves:
				// a move names its card, except the follow-ups and liquidate.
				if !strings.Contains(ex, "card:") && !strings.Contains(ex, "cards:") && f[0] != "liquidate" && f[0] != "stop" && f[0] != "sell" {
					continue
				}
				n++
				m, err := g.ParseMove(ex)
				if err != nil {
					t.Errorf("topic %s: example %q: %v", r.id, ex, err)
					continue
				}
				if got := g.FormatMove(m); got != ex {
					t.Errorf("topic %s: example %q is not canonical, write %q", r.id, ex, got)
				}
			}
		}
	}
	t.Logf("checked %d move examples", n)
	if n < 20 {
		t.Errorf("found only %d move examples in the rule topics", n)
	}
}
