package render

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"image"
	"runtime"
	"sync"
)

// EncodePaletted writes img as an 8-bit paletted PNG. The rows are cut into
// bands that are compressed concurrently at flate.BestSpeed, each ending on a
// byte boundary (a sync flush), and joined into one zlib stream; the result
// is a standard PNG that any decoder reads. It is safe for concurrent use.
func EncodePaletted(img *image.Paletted) ([]byte, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 || len(img.Palette) == 0 || len(img.Palette) > 256 {
		return nil, fmt.Errorf("render: cannot encode %dx%d image with %d colours", w, h, len(img.Palette))
	}
	nb := min(max(runtime.GOMAXPROCS(0), 1)*2, 8, h)
	rowsPer := (h + nb - 1) / nb
	nb = (h + rowsPer - 1) / rowsPer
	bands := make([]band, nb)
	var wg sync.WaitGroup
	for i := range bands {
		y0 := i * rowsPer
		y1 := min(y0+rowsPer, h)
		bd := &bands[i]
		if i == nb-1 {
			compressBand(bd, img, y0, y1) // this goroutine does one share too
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			compressBand(bd, img, y0, y1)
		}()
	}
	wg.Wait()

	var out bytes.Buffer
	size := 0
	for _, bd := range bands {
		if bd.err != nil {
			return nil, bd.err
		}
		size += bd.z.Len()
	}
	out.Grow(size + 3*len(img.Palette) + 128)
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3 (palette)
	writeChunk(&out, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(img.Palette))
	var trns []byte
	opaque := true
	for _, c := range img.Palette {
		r, g, b, a := c.RGBA()
		if a != 0xffff {
			opaque = false
			// Un-premultiply for PNG's straight alpha.
			if a > 0 {
				r, g, b = r*0xffff/a, g*0xffff/a, b*0xffff/a
			}
		}
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
		trns = append(trns, byte(a>>8))
	}
	writeChunk(&out, "PLTE", plte)
	if !opaque {
		writeChunk(&out, "tRNS", trns)
	}
	// zlib: header (deflate, 32K window, fastest), the bands, an empty
	// final block, the Adler-32 of all the filtered rows.
	idat := make([]byte, 0, size+8)
	idat = append(idat, 0x78, 0x01)
	sum := uint32(1)
	for _, bd := range bands {
		idat = append(idat, bd.z.Bytes()...)
		sum = adler32Combine(sum, bd.adler, bd.n)
		bandPool.Put(bd.z)
	}
	idat = append(idat, 0x03, 0x00)
	idat = binary.BigEndian.AppendUint32(idat, sum)
	writeChunk(&out, "IDAT", idat)
	writeChunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

type band struct {
	z     *bytes.Buffer
	adler uint32
	n     int64 // filtered bytes in the band
	err   error
}

var (
	bandPool  = sync.Pool{New: func() any { return new(bytes.Buffer) }}
	flatePool sync.Pool // *flate.Writer at BestSpeed
	rowPool   = sync.Pool{New: func() any { return new([]byte) }}
)

func compressBand(bd *band, img *image.Paletted, y0, y1 int) {
	b := img.Bounds()
	w := b.Dx()
	bufp := rowPool.Get().(*[]byte)
	raw := (*bufp)[:0]
	for y := y0; y < y1; y++ {
		i := img.PixOffset(b.Min.X, b.Min.Y+y)
		raw = append(raw, 0) // filter type None: palette indexes do not predict
		raw = append(raw, img.Pix[i:i+w]...)
	}
	bd.adler = adler32.Checksum(raw)
	bd.n = int64(len(raw))
	bd.z = bandPool.Get().(*bytes.Buffer)
	bd.z.Reset()
	fw, _ := flatePool.Get().(*flate.Writer)
	if fw == nil {
		var err error
		if fw, err = flate.NewWriter(bd.z, flate.BestSpeed); err != nil {
			bd.err = err
			return
		}
	} else {
		fw.Reset(bd.z)
	}
	if _, err := fw.Write(raw); err != nil {
		bd.err = err
	} else if err := fw.Flush(); err != nil {
		bd.err = err
	}
	flatePool.Put(fw)
	*bufp = raw
	rowPool.Put(bufp)
}

func writeChunk(out *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	out.WriteString(typ)
	out.Write(data)
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}

// adler32Combine returns the Adler-32 of A followed by B from the sums of A
// and B and the length of B (the method of zlib's adler32_combine).
func adler32Combine(a1, a2 uint32, len2 int64) uint32 {
	const base = 65521
	rem := uint32(len2 % base)
	s1 := a1 & 0xffff
	s2 := rem * s1 % base
	s1 += (a2 & 0xffff) + base - 1
	s2 += (a1 >> 16) + (a2 >> 16) + base - rem
	if s1 >= base {
		s1 -= base
	}
	if s1 >= base {
		s1 -= base
	}
	if s2 >= base<<1 {
		s2 -= base << 1
	}
	if s2 >= base {
		s2 -= base
	}
	return s1 | s2<<16
}
