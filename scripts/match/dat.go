package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// The results table uses gogui-twogtp's .dat layout, so its tools (and
// scripts written for them) can read it: "# Key: value" header lines, a bare
// "#", a "#"-prefixed line of tab-separated column titles, then one
// tab-separated row per game.
//
// As in gogui-twogtp, "Black" and "White" in the header and in RES_B, RES_W
// and the result columns name the first and second engine, not the colours
// of a particular game: in a game with ALT=1 the first engine played White
// and the results are written with B and W exchanged, so "B+" always means
// the first engine won. The SGF files have the real colours.
var datColumns = []string{
	"GAME", "RES_B", "RES_W", "RES_R", "ALT", "DUP", "LEN",
	"TIME_B", "TIME_W", "CPU_B", "CPU_W", "ERR", "ERR_MSG",
}

// datProp is one "# Key: value" header line.
type datProp struct {
	Key, Value string
}

// datRow is one game of the results table.
type datRow struct {
	Game             int    // game index from 0; the SGF is game-NNN.sgf
	ResB, ResW, ResR string // final_score of engine 1, engine 2, referee (engine 1 = B)
	Alt              bool   // colours exchanged: engine 1 played White
	Dup              string // duplicate of an earlier game; "-" if none
	Len              int    // moves played, passes included
	TimeB, TimeW     float64
	CPUB, CPUW       float64
	Err              bool // the game ended by an engine failure
	ErrMsg           string
}

// datFile is a whole results table.
type datFile struct {
	Props []datProp
	Rows  []datRow
}

// prop returns the value of a header property.
func (d *datFile) prop(key string) (string, bool) {
	for _, p := range d.Props {
		if p.Key == key {
			return p.Value, true
		}
	}
	return "", false
}

// setProp sets a header property, keeping the position of an existing one.
func (d *datFile) setProp(key, value string) {
	for i, p := range d.Props {
		if p.Key == key {
			d.Props[i].Value = value
			return
		}
	}
	d.Props = append(d.Props, datProp{key, value})
}

// hasGame tells whether game index i is recorded.
func (d *datFile) hasGame(i int) bool {
	for _, r := range d.Rows {
		if r.Game == i {
			return true
		}
	}
	return false
}

// write writes the table with rows sorted by game index.
func (d *datFile) write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, p := range d.Props {
		fmt.Fprintf(bw, "# %s: %s\n", p.Key, datField(p.Value))
	}
	fmt.Fprintf(bw, "#\n#%s\n", strings.Join(datColumns, "\t"))
	rows := append([]datRow(nil), d.Rows...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Game < rows[j].Game })
	for _, r := range rows {
		fields := []string{
			strconv.Itoa(r.Game), datField(r.ResB), datField(r.ResW), datField(r.ResR),
			boolField(r.Alt), datField(r.Dup), strconv.Itoa(r.Len),
			secondsField(r.TimeB), secondsField(r.TimeW), secondsField(r.CPUB), secondsField(r.CPUW),
			boolField(r.Err), datField(r.ErrMsg),
		}
		bw.WriteString(strings.Join(fields, "\t"))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// datField makes a value fit one table cell: no tabs, no line breaks.
func datField(s string) string {
	return strings.NewReplacer("\t", " ", "\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

func boolField(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// secondsField formats seconds with one decimal, as gogui-twogtp does.
func secondsField(s float64) string { return strconv.FormatFloat(s, 'f', 1, 64) }

// readDat reads a results table. Columns are found by title, so tables with
// extra columns or another column order still read; missing trailing cells
// (an empty ERR_MSG) read as empty.
func readDat(r io.Reader) (*datFile, error) {
	d := &datFile{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var titles []string
	propsDone := false
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			body := strings.TrimSpace(line[1:])
			switch {
			case !propsDone && body == "":
				propsDone = true
			case propsDone || strings.HasPrefix(body, "GAME\t"):
				propsDone = true
				titles = strings.Split(body, "\t")
			default:
				k, v, ok := strings.Cut(body, ":")
				if !ok {
					return nil, fmt.Errorf("line %d: header line without ':': %q", n, line)
				}
				d.Props = append(d.Props, datProp{strings.TrimSpace(k), strings.TrimSpace(v)})
			}
			continue
		}
		if titles == nil {
			return nil, fmt.Errorf("line %d: table row before the column titles", n)
		}
		row, err := parseDatRow(titles, strings.Split(line, "\t"))
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if d.hasGame(row.Game) {
			return nil, fmt.Errorf("line %d: game %d recorded twice", n, row.Game)
		}
		d.Rows = append(d.Rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if titles == nil {
		return nil, fmt.Errorf("no column titles")
	}
	return d, nil
}

// parseDatRow reads the cells of one row by column title.
func parseDatRow(titles, cells []string) (datRow, error) {
	if len(cells) > len(titles) {
		return datRow{}, fmt.Errorf("%d cells for %d columns", len(cells), len(titles))
	}
	cell := map[string]string{}
	for i, t := range titles {
		if i < len(cells) {
			cell[t] = strings.TrimSpace(cells[i])
		}
	}
	var r datRow
	var err error
	atoi := func(col string) int {
		if err != nil {
			return 0
		}
		v, e := strconv.Atoi(cell[col])
		if e != nil {
			err = fmt.Errorf("column %s: %q is not an integer", col, cell[col])
		}
		return v
	}
	atof := func(col string) float64 {
		if err != nil || cell[col] == "" {
			return 0
		}
		v, e := strconv.ParseFloat(cell[col], 64)
		if e != nil {
			err = fmt.Errorf("column %s: %q is not a number", col, cell[col])
		}
		return v
	}
	r.Game = atoi("GAME")
	r.ResB, r.ResW, r.ResR = cell["RES_B"], cell["RES_W"], cell["RES_R"]
	r.Alt = atoi("ALT") != 0
	r.Dup = cell["DUP"]
	r.Len = atoi("LEN")
	r.TimeB, r.TimeW = atof("TIME_B"), atof("TIME_W")
	r.CPUB, r.CPUW = atof("CPU_B"), atof("CPU_W")
	r.Err = atoi("ERR") != 0
	r.ErrMsg = cell["ERR_MSG"]
	if err == nil && r.Game < 0 {
		err = fmt.Errorf("negative game index %d", r.Game)
	}
	return r, err
}

// readDatFile reads a results table from a file; a missing file is (nil, nil).
func readDatFile(path string) (*datFile, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, err := readDat(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return d, nil
}

// writeDatFile replaces the table file atomically (write, then rename), so
// an interrupted match never leaves a half-written table.
func writeDatFile(path string, d *datFile) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".results-*.dat")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	// CreateTemp makes the file private; a results table is for everyone.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := d.write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
