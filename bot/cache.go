package bot

import "sync"

// fifo is a small concurrent cache of at most size entries that evicts the
// oldest key first; size 0 keeps nothing. Putting a key already present
// replaces its value and keeps its place.
type fifo[K comparable, V any] struct {
	mu    sync.Mutex
	size  int
	order []K
	m     map[K]V
}

func newFIFO[K comparable, V any](size int) *fifo[K, V] {
	return &fifo[K, V]{size: size, m: map[K]V{}}
}

func (c *fifo[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *fifo[K, V]) put(k K, v V) {
	if c.size == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; !ok {
		if len(c.order) >= c.size {
			delete(c.m, c.order[0])
			c.order = c.order[1:]
		}
		c.order = append(c.order, k)
	}
	c.m[k] = v
}
