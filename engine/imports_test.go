package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// forbidden are the packages (and everything under them) no package under
// engine/ may import, directly or through another package, in its code or
// its tests: the rules stay free of Discord, Redis, images, the network and
// global randomness.
var forbidden = []string{
	"github.com/bwmarrin/discordgo",
	"github.com/redis/go-redis",
	"image",
	"github.com/fogleman/gg",
	"golang.org/x/image",
	"net",
	"math/rand", // and math/rand/v2
}

// testSupport are packages tests may import although they reach a
// forbidden package themselves (testing uses math/rand to shuffle tests,
// go-cmp to randomise diffs); the walk does not look inside them.
var testSupport = []string{"testing", "github.com/google/go-cmp", "golang.org/x/tools/txtar"}

// pureNet are the packages under "net" that only parse values and open no
// connection: text/template (which the message catalogs of engine/lang
// run, through go-i18n) imports net/url for its urlquery function, and
// net/url imports net/netip. They are allowed; "net" itself is not.
var pureNet = []string{"net/url", "net/netip"}

func under(path string, roots []string) bool {
	for _, r := range roots {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}

// TestEngineImports lists every package under engine/ with its tests and
// all their dependencies (go list -deps -test) and walks the import graph.
func TestEngineImports(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list imports: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-e", "-deps", "-test", "-json=ImportPath,Imports,Module", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	type pkg struct {
		ImportPath string
		Imports    []string
		Module     *struct{ Path string }
	}
	pkgs := map[string]pkg{}
	var roots []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decode go list output: %v", err)
		}
		pkgs[p.ImportPath] = p
		base, _, _ := strings.Cut(p.ImportPath, " ")
		// The generated test mains (pkg.test) import the test runner; the
		// test variants "pkg [pkg.test]" and external tests are roots.
		if p.Module != nil && strings.HasPrefix(base, p.Module.Path+"/engine") && !strings.HasSuffix(base, ".test") {
			roots = append(roots, p.ImportPath)
		}
	}
	if len(roots) < 3 {
		t.Fatalf("go list found only the engine packages %v", roots)
	}
	// Walk from each root, remembering how each package was reached.
	from := map[string]string{}
	var walk func(path string)
	walk = func(path string) {
		for _, imp := range pkgs[path].Imports {
			if _, seen := from[imp]; seen {
				continue
			}
			from[imp] = path
			base, _, _ := strings.Cut(imp, " ")
			if under(base, forbidden) && !slices.Contains(pureNet, base) {
				chain := []string{imp}
				for p := path; p != ""; p = from[p] {
					chain = append(chain, p)
				}
				slices.Reverse(chain)
				t.Errorf("forbidden import %s: %s", base, strings.Join(chain, " -> "))
				continue
			}
			if !under(base, testSupport) {
				walk(imp)
			}
		}
	}
	for _, r := range roots {
		if _, seen := from[r]; !seen {
			from[r] = ""
			walk(r)
		}
	}
}
