package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// Encoder encodes images as PNG. It is safe for concurrent use, and the same
// image always gives the same bytes.
//
// Every board is a paletted image with 17 to 256 opaque colours (the
// renderer's curated Palette). Such an image is written as an 8-bit indexed
// PNG whose pixel data is compressed by klauspost/compress's zlib at its
// fastest level: on our boards it takes less than half the CPU of
// compress/flate's BestSpeed, which image/png is bound to, and gives
// slightly smaller files (docs/performance.md, "Board rendering"). The
// PNG around it is four chunks (IHDR, PLTE, IDAT, IEND) of the PNG
// specification; every row is unfiltered, as image/png writes paletted
// rows. Any other image goes through image/png at BestSpeed.
type Encoder struct {
	std png.Encoder
	zw  sync.Pool // *zlib.Writer
	buf sync.Pool // *bytes.Buffer: the compressed pixel data
}

// NewEncoder returns an Encoder.
func NewEncoder() *Encoder {
	return &Encoder{std: png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}}
}

// Encode returns img as PNG bytes; sizeHint is the expected size.
func (e *Encoder) Encode(img image.Image, sizeHint int) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(sizeHint)
	if p, ok := img.(*image.Paletted); ok && indexed(p) {
		if err := e.encodeIndexed(&b, p); err != nil {
			return nil, fmt.Errorf("render: encode png: %w", err)
		}
		return b.Bytes(), nil
	}
	if err := e.std.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("render: encode png: %w", err)
	}
	return b.Bytes(), nil
}

// indexed tells whether p takes the fast path: an opaque palette of 17 to
// 256 colours (image/png writes smaller palettes with fewer bits per pixel,
// and translucent ones with a tRNS chunk).
func indexed(p *image.Paletted) bool {
	n := len(p.Palette)
	if n <= 16 || n > 256 || p.Rect.Empty() {
		return false
	}
	for _, c := range p.Palette {
		if _, _, _, a := c.RGBA(); a != 0xffff {
			return false
		}
	}
	return true
}

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

func (e *Encoder) encodeIndexed(w *bytes.Buffer, p *image.Paletted) error {
	width, height := p.Rect.Dx(), p.Rect.Dy()
	w.WriteString(pngSignature)

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8] = 8 // bits per index
	ihdr[9] = 3 // colour type: indexed
	// Compression method, filter method and interlace method 0.
	writeChunk(w, "IHDR", ihdr[:])

	plte := make([]byte, 0, 3*len(p.Palette))
	for _, c := range p.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	writeChunk(w, "PLTE", plte)

	data, _ := e.buf.Get().(*bytes.Buffer)
	if data == nil {
		data = new(bytes.Buffer)
	}
	defer e.buf.Put(data)
	data.Reset()
	zw, _ := e.zw.Get().(*zlib.Writer)
	if zw == nil {
		var err error
		if zw, err = zlib.NewWriterLevel(data, zlib.BestSpeed); err != nil {
			return err
		}
	} else {
		zw.Reset(data)
	}
	defer e.zw.Put(zw)
	if err := writeRows(zw, p, width, height); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	writeChunk(w, "IDAT", data.Bytes())
	writeChunk(w, "IEND", nil)
	return nil
}

// writeRows writes every row of p's indexes behind its filter type byte, 0
// (none).
func writeRows(zw io.Writer, p *image.Paletted, width, height int) error {
	none := []byte{0}
	for y := range height {
		i := y * p.Stride
		if _, err := zw.Write(none); err != nil {
			return err
		}
		if _, err := zw.Write(p.Pix[i : i+width]); err != nil {
			return err
		}
	}
	return nil
}

// writeChunk writes one PNG chunk: the data's length, the type, the data
// and the CRC-32 of type and data.
func writeChunk(w *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	w.WriteString(typ)
	w.Write(data)
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}

type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	if v, ok := b.p.Get().(*png.EncoderBuffer); ok {
		return v
	}
	return nil
}

func (b *bufferPool) Put(v *png.EncoderBuffer) { b.p.Put(v) }
