package smokyvalley

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestRuleErrorTopicsExist reads the package source and checks every rule
// error it can build: each engine.Rule(code, topic, ...) or rule(code,
// topic, ...) call's topic is
// resolved to every value it can hold (a Topic constant, or a parameter
// followed to every call of its function, such as ask's and badChoice's
// topic), and each must be a help topic of the game. A topic the reader
// cannot resolve fails the test too, so a new call site cannot slip by.
func TestRuleErrorTopicsExist(t *testing.T) {
	src := parseRuleSource(t)
	topics := New().Info().Help
	codes := map[string][]string{} // code -> topics
	sites := 0
	for _, fn := range src.funcs {
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			// engine.Rule(code, topic, format, ...) or the catalog's
			// rule(code, topic, kv...)
			id, isIdent := c.Fun.(*ast.Ident)
			if !(isSel(c.Fun, "engine", "Rule") && len(c.Args) >= 3) && !(isIdent && id.Name == "rule" && len(c.Args) >= 2) {
				return true
			}
			sites++
			pos := src.fset.Position(c.Pos()).String()
			code := "?"
			if vs, un := src.values(fn, c.Args[0], map[string]bool{}); len(un) == 0 && len(vs) > 0 {
				code = strings.Join(vs, "|")
			} else if b, ok := c.Args[0].(*ast.BinaryExpr); ok {
				// "card.needs-"+theData().cards[k].Needs: the literal prefix
				if vs, _ := src.values(fn, b.X, map[string]bool{}); len(vs) == 1 {
					code = vs[0] + "*"
				}
			}
			vals, unresolved := src.values(fn, c.Args[1], map[string]bool{})
			for _, u := range unresolved {
				t.Errorf("%s: rule error %s: cannot tell its topic (%s); use a Topic constant", pos, code, u)
			}
			if len(vals) == 0 && len(unresolved) == 0 {
				t.Errorf("%s: rule error %s has no topic", pos, code)
			}
			for _, v := range vals {
				if _, ok := engine.FindTopic(topics, v); !ok || v == "" {
					t.Errorf("%s: rule error %s names help topic %q, which does not exist", pos, code, v)
				}
				codes[code] = append(codes[code], v)
			}
			return true
		})
	}
	if sites < 40 || len(codes) < 40 {
		t.Fatalf("found only %d rule error sites, %d codes", sites, len(codes))
	}
	var lines []string
	for c, ts := range codes {
		sort.Strings(ts)
		lines = append(lines, fmt.Sprintf("%s→%s", c, strings.Join(uniq(ts), ",")))
	}
	sort.Strings(lines)
	t.Logf("%d sites, %d codes: %s", sites, len(codes), strings.Join(lines, " "))
}

func uniq(xs []string) []string {
	var out []string
	for i, x := range xs {
		if i == 0 || xs[i-1] != x {
			out = append(out, x)
		}
	}
	return out
}

type ruleSource struct {
	fset   *token.FileSet
	funcs  []*ast.FuncDecl
	consts map[string]string
}

func parseRuleSource(t *testing.T) *ruleSource {
	t.Helper()
	src := &ruleSource{fset: token.NewFileSet(), consts: map[string]string{}}
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(src.fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch x := d.(type) {
			case *ast.FuncDecl:
				if x.Body != nil {
					src.funcs = append(src.funcs, x)
				}
			case *ast.GenDecl:
				if x.Tok != token.CONST {
					continue
				}
				for _, s := range x.Specs {
					vs := s.(*ast.ValueSpec)
					for i, id := range vs.Names {
						if i < len(vs.Values) {
							if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
								v, _ := strconv.Unquote(lit.Value)
								src.consts[id.Name] = v
							}
						}
					}
				}
			}
		}
	}
	return src
}

// values lists the strings e (inside fn) can hold, and what it cannot
// resolve.
func (src *ruleSource) values(fn *ast.FuncDecl, e ast.Expr, visiting map[string]bool) (vals, unresolved []string) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if v, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING {
			return []string{v}, nil
		}
	case *ast.ParenExpr:
		return src.values(fn, x.X, visiting)
	case *ast.Ident:
		if v, ok := src.consts[x.Name]; ok {
			return []string{v}, nil
		}
		if i := paramIndex(fn, x.Name); i >= 0 {
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
					if !ok || callee(c.Fun) != fn.Name.Name || i >= len(c.Args) {
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
		if as := assigned(fn, x.Name); len(as) > 0 {
			for _, a := range as {
				v, u := src.values(fn, a, visiting)
				vals, unresolved = append(vals, v...), append(unresolved, u...)
			}
			return vals, unresolved
		}
	}
	return nil, []string{fmt.Sprintf("%T in %s", e, fn.Name.Name)}
}

// assigned lists every value assigned to the local variable name in fn.
func assigned(fn *ast.FuncDecl, name string) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == len(a.Rhs) {
			for i, l := range a.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					out = append(out, a.Rhs[i])
				}
			}
		}
		return true
	})
	return out
}

func isSel(e ast.Expr, pkg, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := s.X.(*ast.Ident)
	return ok && id.Name == pkg && s.Sel.Name == name
}

func callee(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

func paramIndex(fn *ast.FuncDecl, name string) int {
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
