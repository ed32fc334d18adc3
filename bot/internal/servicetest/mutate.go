package servicetest

import "math/rand/v2"

// Mutations derives n inputs from seeds the way a fuzzer's first rounds
// do (bytes flipped, inserted, deleted or duplicated; JSON-ish tokens
// swapped in: other types, huge numbers, nulls, deep nesting), from a
// fixed PRNG seed so a failure reproduces. Fuzz targets run them in the
// default `go test` besides their seed corpus, so a regression surfaces
// without `-fuzz`.
func Mutations(seeds [][]byte, n int, seed uint64) [][]byte {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	tokens := []string{`null`, `true`, `"x"`, `""`, `0`, `-1`, `1e309`, `18446744073709551616`, `[]`, `{}`,
		`[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]`, `"\u0000"`, `"\ud800"`, `{"type":4}`, `"value"`, `"options"`, `,`, `:`, `"`, `\`}
	out := make([][]byte, 0, n)
	for len(out) < n && len(seeds) > 0 {
		b := append([]byte(nil), seeds[rng.IntN(len(seeds))]...)
		for range 1 + rng.IntN(4) {
			at := 0
			if len(b) > 0 {
				at = rng.IntN(len(b) + 1)
			}
			switch rng.IntN(5) {
			case 0: // flip a byte
				if at < len(b) {
					b[at] ^= byte(1 << rng.IntN(8))
				}
			case 1: // insert a token
				t := tokens[rng.IntN(len(tokens))]
				b = append(b[:at], append([]byte(t), b[at:]...)...)
			case 2: // delete a run
				end := min(len(b), at+1+rng.IntN(16))
				b = append(b[:at], b[end:]...)
			case 3: // duplicate a run
				end := min(len(b), at+1+rng.IntN(32))
				b = append(b[:end], append(append([]byte(nil), b[at:end]...), b[end:]...)...)
			case 4: // replace a value after a colon with a token
				for i := at; i < len(b); i++ {
					if b[i] == ':' {
						j := i + 1
						for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' {
							j++
						}
						t := tokens[rng.IntN(len(tokens))]
						b = append(b[:i+1], append([]byte(t), b[j:]...)...)
						break
					}
				}
			}
		}
		out = append(out, b)
	}
	return out
}
