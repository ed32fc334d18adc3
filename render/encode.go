package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"sync"
)

// Encoder encodes paletted images as PNG at the fastest compression level,
// reusing its compression buffers. It is safe for concurrent use.
type Encoder struct {
	enc png.Encoder
}

// NewEncoder returns an Encoder.
func NewEncoder() *Encoder {
	return &Encoder{enc: png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}}
}

// Encode returns img as PNG bytes.
func (e *Encoder) Encode(img image.Image, sizeHint int) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(sizeHint)
	if err := e.enc.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("render: encode png: %w", err)
	}
	return b.Bytes(), nil
}

type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	if v, ok := b.p.Get().(*png.EncoderBuffer); ok {
		return v
	}
	return nil
}

func (b *bufferPool) Put(v *png.EncoderBuffer) { b.p.Put(v) }
