package engine

// RNG is a small deterministic generator (PCG-XSH-RR 64/32) whose whole
// state is two exported words, so it lives inside a game's JSON state and
// replays exactly. It is not for cryptography.
type RNG struct {
	State uint64 `json:"s"`
	Inc   uint64 `json:"i"`
}

// NewRNG seeds a generator; stream separates independent generators that
// share a seed (for example one per period).
func NewRNG(seed, stream uint64) RNG {
	r := RNG{Inc: stream<<1 | 1}
	r.next()
	r.State += seed
	r.next()
	return r
}

func (r *RNG) next() uint32 {
	old := r.State
	r.State = old*6364136223846793005 + r.Inc
	xorshifted := uint32(((old >> 18) ^ old) >> 27)
	rot := uint32(old >> 59)
	return xorshifted>>rot | xorshifted<<((-rot)&31)
}

// Uint32 returns the next 32 random bits.
func (r *RNG) Uint32() uint32 { return r.next() }

// Intn returns a uniform integer in [0, n) without modulo bias. n must be
// positive and below 2^32.
func (r *RNG) Intn(n int) int {
	if n <= 0 || uint64(n) > 1<<32-1 {
		panic("engine: Intn with n out of range")
	}
	bound := uint32(n)
	threshold := -bound % bound
	for {
		v := r.next()
		if v >= threshold {
			return int(v % bound)
		}
	}
}

// Shuffle permutes n elements with swap, Fisher-Yates.
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// Fork returns a new generator seeded from r's next output, advancing r:
// Determinize re-seeds a state's generator with it, so the copy's future
// draws follow from the caller's generator, not from the state.
func (r *RNG) Fork() RNG {
	seed := uint64(r.next())<<32 | uint64(r.next())
	return NewRNG(seed, uint64(r.next()))
}
