package rules

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
)

// maxSGFFile bounds what ReadSGFFile reads (after decompression): real
// collections are a few MB; anything far larger is not a game record.
const maxSGFFile = 256 << 20

// ReadSGFFile reads an SGF file or collection from disk; a gzip'd file (as
// the KGS collections are) is decompressed first.
func ReadSGFFile(path string) ([]*SGFGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	var magic [2]byte
	if n, _ := io.ReadFull(f, magic[:]); n == 2 && magic == [2]byte{0x1f, 0x8b} {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		r = zr
	} else if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, io.LimitReader(r, maxSGFFile+1)); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if buf.Len() > maxSGFFile {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxSGFFile)
	}
	return ParseSGF(buf.Bytes())
}
