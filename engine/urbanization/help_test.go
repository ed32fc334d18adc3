package urbanization

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

func topicsByID(t *testing.T) map[string]engine.HelpTopic {
	t.Helper()
	m := map[string]engine.HelpTopic{}
	for _, tp := range New().Info().Help {
		if _, dup := m[tp.ID]; dup {
			t.Errorf("duplicate topic ID %q", tp.ID)
		}
		m[tp.ID] = tp
	}
	return m
}

func TestHelpTopicShape(t *testing.T) {
	kinds := map[string]int{}
	for _, tp := range New().Info().Help {
		kinds[tp.Kind]++
		if tp.ID == "" || tp.Title == "" || strings.TrimSpace(tp.Body) == "" || len(tp.Keywords) == 0 {
			t.Errorf("topic %q is incomplete: %+v", tp.ID, tp)
		}
		if strings.ContainsAny(tp.Body, "{}%") {
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
	for _, k := range []string{"rule", "character", "factory", "invention"} {
		if kinds[k] == 0 {
			t.Errorf("no topics of kind %q", k)
		}
	}
}

// TestHelpCovers checks that every rule topic the engine names, every
// character, factory card and invention has a topic, and that the topics
// built on assumed numbers say so.
func TestHelpCovers(t *testing.T) {
	byID := topicsByID(t)
	for _, id := range TopicIDs {
		if _, ok := byID[id]; !ok {
			t.Errorf("rule topic %q has no help", id)
		}
	}
	for _, c := range theData().characters {
		tp, ok := byID[TopicCharacterPrefix+c.ID]
		if !ok {
			t.Errorf("character %s has no topic", c.ID)
			continue
		}
		if c.NameAssumed && !strings.Contains(tp.Body, "not known") {
			t.Errorf("topic %s does not say the card's name is not known", tp.ID)
		}
	}
	for _, f := range theData().factories {
		tp, ok := byID[TopicFactoryPrefix+f.ID]
		if !ok {
			t.Errorf("factory %s has no topic", f.ID)
			continue
		}
		if f.Assumed && !strings.Contains(tp.Body, "Assumed") {
			t.Errorf("topic %s does not say its numbers are assumed", tp.ID)
		}
		if !strings.Contains(tp.Body, "#"+strconv.Itoa(f.Number)) {
			t.Errorf("topic %s does not give the card's number", tp.ID)
		}
	}
	for _, inv := range theData().inventions {
		if _, ok := byID[TopicInventionPrefix+inv.ID]; !ok {
			t.Errorf("invention %s has no topic", inv.ID)
		}
	}
	// Topics whose numbers come from assumed data say so.
	for _, id := range []string{TopicSetup, TopicBuildingArea, TopicHouse, TopicSkyscraper, TopicAdmin, TopicFactoryBuilding, TopicSmallGames, TopicInventions} {
		if !strings.Contains(byID[id].Body, "assumed") {
			t.Errorf("topic %s rests on assumed numbers and does not say so", id)
		}
	}
}

// TestRuleErrorTopicsExist reads the package's source and checks that the
// topic of every engine.Rule call names an existing help topic: a constant,
// a constant prefix plus a literal, a map of such values, or a parameter
// whose every caller passes one.
func TestRuleErrorTopicsExist(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, n, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	consts := map[string]string{}
	maps := map[string][]ast.Expr{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range gd.Specs {
				vs, ok := sp.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					switch v := vs.Values[i].(type) {
					case *ast.BasicLit:
						if s, err := strconv.Unquote(v.Value); err == nil && gd.Tok == token.CONST {
							consts[name.Name] = s
						}
					case *ast.CompositeLit:
						for _, el := range v.Elts {
							if kv, ok := el.(*ast.KeyValueExpr); ok {
								maps[name.Name] = append(maps[name.Name], kv.Value)
							}
						}
					}
				}
			}
		}
	}
	byID := topicsByID(t)
	var eval func(e ast.Expr) ([]string, bool)
	eval = func(e ast.Expr) ([]string, bool) {
		switch x := e.(type) {
		case *ast.BasicLit:
			s, err := strconv.Unquote(x.Value)
			return []string{s}, err == nil
		case *ast.Ident:
			s, ok := consts[x.Name]
			return []string{s}, ok
		case *ast.BinaryExpr:
			a, okA := eval(x.X)
			b, okB := eval(x.Y)
			if !okA || !okB || len(a) != 1 || len(b) != 1 {
				return nil, false
			}
			return []string{a[0] + b[0]}, true
		case *ast.IndexExpr:
			m, ok := x.X.(*ast.Ident)
			if !ok || len(maps[m.Name]) == 0 {
				return nil, false
			}
			var out []string
			for _, v := range maps[m.Name] {
				s, ok := eval(v)
				if !ok {
					return nil, false
				}
				out = append(out, s...)
			}
			return out, true
		}
		return nil, false
	}
	// params maps a function to the index of the parameter that becomes
	// a rule error topic.
	params := map[string]int{}
	sites := 0
	check := func(pos token.Pos, e ast.Expr, fn *ast.FuncDecl) {
		sites++
		if id, ok := e.(*ast.Ident); ok && fn.Name.Name == "pick" && id.Name == "topic" {
			// pick's generic refusal names its step's topic: every
			// step{topic: ...} and s.topic = ... is checked below.
			return
		}
		if id, ok := e.(*ast.Ident); ok {
			if i := paramIndex(fn, id.Name); i >= 0 {
				params[fn.Name.Name] = i
				return
			}
		}
		vals, ok := eval(e)
		if !ok {
			t.Errorf("%s: cannot tell the topic of this rule error", fset.Position(pos))
			return
		}
		for _, v := range vals {
			if _, ok := byID[v]; !ok {
				t.Errorf("%s: rule error names topic %q, which has no help", fset.Position(pos), v)
			}
		}
	}
	inspect := func(visit func(fn *ast.FuncDecl, c *ast.CallExpr)) {
		for _, f := range files {
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Body == nil {
					continue
				}
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						visit(fn, c)
					}
					return true
				})
			}
		}
	}
	inspect(func(fn *ast.FuncDecl, c *ast.CallExpr) {
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Rule" && len(c.Args) >= 2 {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "engine" {
				check(c.Pos(), c.Args[1], fn)
			}
		}
		// The catalog's rule errors (messages.go): rule(code, topic, ...),
		// ruleVariant(code, variant, topic, ...).
		if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "rule" && len(c.Args) >= 2 {
			check(c.Pos(), c.Args[1], fn)
		}
		if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "ruleVariant" && len(c.Args) >= 3 {
			check(c.Pos(), c.Args[2], fn)
		}
	})
	// The topics steps carry for pick's generic refusal.
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if id, ok := cl.Type.(*ast.Ident); !ok || id.Name != "step" {
				return true
			}
			for _, el := range cl.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "topic" {
						vals, ok := eval(kv.Value)
						if !ok {
							t.Errorf("%s: cannot tell a step's topic", fset.Position(kv.Pos()))
						}
						for _, v := range vals {
							if _, ok := byID[v]; !ok {
								t.Errorf("%s: a step names topic %q, which has no help", fset.Position(kv.Pos()), v)
							}
						}
					}
				}
			}
			return true
		})
	}
	for name, i := range params {
		calls := 0
		inspect(func(fn *ast.FuncDecl, c *ast.CallExpr) {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == name && i < len(c.Args) {
				calls++
				check(c.Pos(), c.Args[i], fn)
			}
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == name && i < len(c.Args) {
				calls++
				check(c.Pos(), c.Args[i], fn)
			}
		})
		if calls == 0 {
			t.Errorf("%s passes its parameter on as a topic, and no call of it was found", name)
		}
	}
	if sites < 50 {
		t.Errorf("only %d rule error sites found: the scan is broken", sites)
	}
}

func paramIndex(fn *ast.FuncDecl, name string) int {
	i := 0
	for _, f := range fn.Type.Params.List {
		for _, n := range f.Names {
			if n.Name == name {
				return i
			}
			i++
		}
	}
	return -1
}

// TestHelpSearchFinds checks that players' words find the right topic
// first.
func TestHelpSearchFinds(t *testing.T) {
	x := engine.NewHelpIndex(New().Info().Help)
	for q, want := range map[string]string{
		"skyscraper":         TopicSkyscraper,
		"mill worker":        TopicCharacterPrefix + "millworker",
		"stock market":       TopicFactoryPrefix + "stock-market",
		"granary":            TopicInventionPrefix + "grain-points",
		"covering tiles":     TopicSmallGames,
		"mayor":              TopicMayor,
		"citizens":           TopicCitizens,
		"barn refill":        TopicBarnRefill,
		"taxes":              TopicTaxes,
		"price markers":      TopicPriceMarkers,
		"ten markers":        TopicActionMarkers,
		"professor":          TopicCharacterPrefix + "professor",
		"starting money":     TopicSetup,
		"assumed":            TopicAssumed,
		"upgrade":            TopicUpgrade,
		"harvest":            TopicHarvest,
		"invention track":    TopicInventions,
		"sell grain":         TopicSellGrain,
		"work orders":        TopicOrders,
		"final":              TopicFinalScoring,
		"windmill":           TopicFactoryPrefix + "windmill",
		"estate agent":       TopicCharacterPrefix + "agent",
		"administrative":     TopicAdmin,
		"notation":           TopicNotation,
		"two players":        TopicSmallGames,
		"acquire invention":  TopicAcquire,
		"newest factory tie": TopicTieBreak,
	} {
		got := x.Search(q, 3)
		if len(got) == 0 || got[0].ID != want {
			var ids []string
			for _, g := range got {
				ids = append(ids, g.ID)
			}
			t.Errorf("search %q: got %v, want %s first", q, ids, want)
		}
	}
}

// TestHelpExamplesAreCanonical checks that every notation example parses
// and formats to itself.
func TestHelpExamplesAreCanonical(t *testing.T) {
	g := New()
	for _, ex := range g.Info().Examples {
		m, err := g.ParseMove(ex.Move)
		if err != nil {
			t.Errorf("example %q: %v", ex.Move, err)
			continue
		}
		if got := g.FormatMove(m); got != ex.Move {
			t.Errorf("example %q formats as %q", ex.Move, got)
		}
	}
}

// TestNotationDocCodes compares the rule error codes the engine returns
// (the string literals given to engine.Rule in its source) with the code
// table of the Urbanization section of docs/notation.md, both ways.
func TestNotationDocCodes(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "notation.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i := strings.Index(text, "## Urbanization")
	if i < 0 {
		t.Fatal("docs/notation.md has no Urbanization section")
	}
	text = text[i:]
	j := strings.Index(text, "### Rule error codes")
	if j < 0 {
		t.Fatal("the Urbanization section has no rule error code table")
	}
	documented := map[string]bool{}
	for _, line := range strings.Split(text[j:], "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.Split(line, "|")[1]
		for _, part := range strings.Split(first, "`") {
			if strings.Contains(part, ".") && !strings.ContainsAny(part, " ,") {
				documented[part] = true
			}
		}
	}
	used := map[string]bool{}
	names, _ := filepath.Glob("*.go")
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		// Rule errors are built by rule and ruleVariant (messages.go).
		for _, sep := range []string{`engine.Rule("`, ` rule("`, `ruleVariant("`} {
			for _, part := range strings.Split(string(src), sep)[1:] {
				used[part[:strings.IndexByte(part, '"')]] = true
			}
		}
	}
	for c := range used {
		if !documented[c] {
			t.Errorf("rule error code %s is not in the table of docs/notation.md", c)
		}
	}
	for c := range documented {
		if !used[c] {
			t.Errorf("docs/notation.md lists rule error code %s, which the engine never returns", c)
		}
	}
}
