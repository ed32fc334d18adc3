package brass

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// ruleSource is the package's non-test source, parsed, for the tests that
// read how it builds rule errors (their codes and help topics).
type ruleSource struct {
	fset   *token.FileSet
	funcs  []*ast.FuncDecl
	consts map[string]string
}

func loadRuleSource(t *testing.T) *ruleSource {
	t.Helper()
	src := &ruleSource{fset: token.NewFileSet()}
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(src.fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil {
				src.funcs = append(src.funcs, fn)
			}
		}
	}
	src.consts = helpStringConsts(t, files)
	return src
}

// ruleArg is one rule error site's code or topic, resolved to every string
// it can hold.
type ruleArg struct {
	pos    string
	expr   string
	values []string
	// unresolved describes the parts that are neither constants nor
	// traced to constants; empty when values is complete.
	unresolved []string
}

// ruleArgs finds every engine.Rule(code, topic, ...) call (or
// engine.RuleMsg, or a wrapper of either) and
// engine.RuleError{Code: ..., Topic: ...} literal and resolves its code
// (field "Code") or its topic ("Topic"). A value passed through a
// function's parameter (a wrapper such as walker.fail, or a prefix such as
// resolve's action) is followed to every call of that function; a local
// variable to every value assigned to it; a concatenation to every
// combination of its parts.
func (src *ruleSource) ruleArgs(field string) []ruleArg {
	arg := map[string]int{"Code": 0, "Topic": 1}[field]
	var out []ruleArg
	add := func(fn *ast.FuncDecl, e ast.Expr, pos token.Pos) {
		r := ruleArg{pos: src.fset.Position(pos).String(), expr: helpExpr(e)}
		r.values, r.unresolved = src.values(fn, e, map[string]bool{})
		out = append(out, r)
	}
	// ruleCall is the code or topic argument of a call that makes a rule
	// error: engine.Rule(code, topic, ...), engine.RuleMsg(catalog, code,
	// topic, ...), or a wrapper (rule, walker.fail) that passes its own
	// parameters on to one of them: each call of a wrapper is a site.
	wrappers := map[string]int{}
	ruleCall := func(c *ast.CallExpr) (ast.Expr, bool) {
		switch {
		case helpIsSel(c.Fun, "engine", "Rule") && len(c.Args) > arg:
			return c.Args[arg], true
		case helpIsSel(c.Fun, "engine", "RuleMsg") && len(c.Args) > arg+1:
			return c.Args[arg+1], true
		}
		if i, ok := wrappers[helpCallee(c.Fun)]; ok && len(c.Args) > i {
			return c.Args[i], true
		}
		return nil, false
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range src.funcs {
			if _, ok := wrappers[fn.Name.Name]; ok {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if e, ok := ruleCall(c); ok {
						if id, ok := e.(*ast.Ident); ok {
							if i := helpParamIndex(fn, id.Name); i >= 0 {
								wrappers[fn.Name.Name] = i
								changed = true
							}
						}
					}
				}
				return true
			})
		}
	}
	for _, fn := range src.funcs {
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if e, ok := ruleCall(x); ok {
					if id, ok := e.(*ast.Ident); ok && wrappers[fn.Name.Name] == helpParamIndex(fn, id.Name) {
						if _, isWrapper := wrappers[fn.Name.Name]; isWrapper {
							return true // the wrapper's own call: its callers are the sites
						}
					}
					add(fn, e, x.Pos())
				}
			case *ast.CompositeLit:
				if helpIsSel(x.Type, "engine", "RuleError") {
					for _, el := range x.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
								add(fn, kv.Value, kv.Pos())
							}
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// values lists the strings e (in fn) can hold. visiting guards against a
// parameter passed round in a cycle.
func (src *ruleSource) values(fn *ast.FuncDecl, e ast.Expr, visiting map[string]bool) (vals, unresolved []string) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if v, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING {
			return []string{v}, nil
		}
	case *ast.ParenExpr:
		return src.values(fn, x.X, visiting)
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			l, ul := src.values(fn, x.X, visiting)
			r, ur := src.values(fn, x.Y, visiting)
			for _, a := range l {
				for _, b := range r {
					vals = append(vals, a+b)
				}
			}
			return vals, append(ul, ur...)
		}
	case *ast.Ident:
		if v, ok := src.consts[x.Name]; ok {
			return []string{v}, nil
		}
		if i := helpParamIndex(fn, x.Name); i >= 0 {
			key := fmt.Sprintf("%s/%d", fn.Name.Name, i)
			if visiting[key] {
				return nil, nil
			}
			visiting[key] = true
			defer delete(visiting, key)
			calls := 0
			for _, caller := range src.funcs {
				ast.Inspect(caller.Body, func(n ast.Node) bool {
					c, ok := n.(*ast.CallExpr)
					if !ok || helpCallee(c.Fun) != fn.Name.Name || i >= len(c.Args) {
						return true
					}
					calls++
					v, u := src.values(caller, c.Args[i], visiting)
					vals, unresolved = append(vals, v...), append(unresolved, u...)
					return true
				})
			}
			if calls == 0 {
				unresolved = append(unresolved, fmt.Sprintf("parameter %s of %s, which nothing calls", x.Name, fn.Name.Name))
			}
			return vals, unresolved
		}
		if assigned := helpAssigned(fn, x.Name); len(assigned) > 0 {
			for _, a := range assigned {
				v, u := src.values(fn, a, visiting)
				vals, unresolved = append(vals, v...), append(unresolved, u...)
			}
			return vals, unresolved
		}
	}
	return nil, []string{helpExpr(e)}
}

// docRuleCodes reads the rule error code table of Brass in
// docs/notation.md: every backquoted code in the first column.
func docRuleCodes(t *testing.T) map[string]bool {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "notation.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "### Rule error codes")
	if !ok {
		t.Fatal(`docs/notation.md has no "### Rule error codes" section`)
	}
	if i := strings.Index(rest, "\n#"); i >= 0 {
		rest = rest[:i]
	}
	codes := map[string]bool{}
	code := regexp.MustCompile("`([^`]+)`")
	rows := 0
	for _, line := range strings.Split(rest, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") || strings.TrimSpace(cells[1]) == "code" {
			continue
		}
		rows++
		for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
			if codes[m[1]] {
				t.Errorf("docs/notation.md lists the rule error code %s twice", m[1])
			}
			codes[m[1]] = true
		}
	}
	if rows < 10 {
		t.Fatalf("docs/notation.md: only %d rows in the rule error code table", rows)
	}
	return codes
}

// TestRuleCodesDocumented compares the rule error codes the engine can
// return (read from its source) with the table in docs/notation.md, both
// ways: every code returned is documented, and every documented code can
// be returned.
func TestRuleCodesDocumented(t *testing.T) {
	src := loadRuleSource(t)
	engineCodes := map[string][]string{} // code -> where
	for _, r := range src.ruleArgs("Code") {
		for _, u := range r.unresolved {
			t.Errorf("%s: rule error code %s: cannot tell its value (%s); use a string constant", r.pos, r.expr, u)
		}
		for _, v := range r.values {
			engineCodes[v] = append(engineCodes[v], r.pos)
		}
	}
	if len(engineCodes) < 30 {
		t.Fatalf("found only %d rule error codes in the source", len(engineCodes))
	}
	doc := docRuleCodes(t)
	var undocumented, unused []string
	for c, where := range engineCodes {
		if !doc[c] {
			undocumented = append(undocumented, c+" ("+where[0]+")")
		}
	}
	for c := range doc {
		if engineCodes[c] == nil {
			unused = append(unused, c)
		}
	}
	sort.Strings(undocumented)
	sort.Strings(unused)
	for _, c := range undocumented {
		t.Errorf("rule error code %s is not in the table of docs/notation.md", c)
	}
	for _, c := range unused {
		t.Errorf("docs/notation.md lists rule error code %s, which the engine never returns", c)
	}
	t.Logf("%d codes in the source, %d in the doc", len(engineCodes), len(doc))
}

// TestRuleSourceResolves checks the resolver itself on the cases the
// source uses: a wrapper's parameter (walker.fail), a prefix passed in
// (resolve's action) and a plain literal.
func TestRuleSourceResolves(t *testing.T) {
	src := loadRuleSource(t)
	all := map[string]bool{}
	for _, r := range src.ruleArgs("Code") {
		for _, v := range r.values {
			all[v] = true
		}
	}
	for _, want := range []string{"sell.port-flipped", "sell.nothing-there", "liquidate.nothing-there", "notation.empty", "source.required"} {
		if !all[want] {
			t.Errorf("code %s not found; found %v", want, slices.Sorted(func(yield func(string) bool) {
				for k := range all {
					if !yield(k) {
						return
					}
				}
			}))
		}
	}
}
