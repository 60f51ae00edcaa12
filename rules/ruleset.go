package rules

import (
	"fmt"
	"sort"
	"strings"
)

// KoRule says which repetitions are forbidden.
type KoRule int

const (
	// SimpleKo forbids only the immediate recapture of a single-stone ko;
	// longer cycles (triple ko) are allowed, as in Japanese rules.
	SimpleKo KoRule = iota
	// PositionalSuperko forbids recreating any earlier board position.
	PositionalSuperko
	// SituationalSuperko forbids recreating an earlier board position with
	// the same player to move.
	SituationalSuperko
)

func (k KoRule) String() string {
	return [...]string{"simple", "positional", "situational"}[k]
}

// Scoring is how the final position is counted.
type Scoring int

const (
	// TerritoryScoring counts surrounded empty points plus prisoners; points
	// inside seki count for nobody.
	TerritoryScoring Scoring = iota
	// AreaScoring counts stones on the board plus surrounded empty points.
	AreaScoring
)

func (s Scoring) String() string { return [...]string{"territory", "area"}[s] }

// HandicapBonus is the compensation White receives in handicap games.
type HandicapBonus int

const (
	NoHandicapBonus  HandicapBonus = iota // nothing
	HandicapBonusN                        // one point per handicap stone
	HandicapBonusNm1                      // one point per handicap stone after the first
)

// Ruleset names a complete set of rules.
type Ruleset struct {
	Name     string
	Ko       KoRule
	Suicide  bool // multi-stone suicide allowed
	Scoring  Scoring
	Handicap HandicapBonus
	// StonesAsTheyStand: the board is counted as it stands at the end, every
	// stone alive: the players agree on no dead stones, so the dead must be
	// captured before the passes.
	StonesAsTheyStand bool
}

// The rule sets gtpgo knows. Each choice follows the rule set's own text as
// KGS applies it (KGS is where most users meet these names):
var (
	// Japanese: territory and prisoners, seki points count for nobody, simple
	// ko (long cycles are "no result" in the rules; the record allows them),
	// no suicide, no handicap compensation (a handicap game has komi 0.5).
	Japanese = Ruleset{Name: "japanese", Ko: SimpleKo, Scoring: TerritoryScoring}
	// Chinese: area counting, positional superko (KGS, CGOS and most engines
	// read the "no repetition" rule this way), no suicide, and White receives
	// one point per handicap stone (Black's extra stones count as area).
	Chinese = Ruleset{Name: "chinese", Ko: PositionalSuperko, Scoring: AreaScoring, Handicap: HandicapBonusN}
	// AGA: area counting (equivalent to territory with pass stones),
	// situational superko, no suicide, White receives N-1 points for N
	// handicap stones.
	AGA = Ruleset{Name: "aga", Ko: SituationalSuperko, Scoring: AreaScoring, Handicap: HandicapBonusNm1}
	// New Zealand: area counting, situational superko, multi-stone suicide
	// allowed, no handicap compensation (free placement makes it unnecessary).
	NewZealand = Ruleset{Name: "new-zealand", Ko: SituationalSuperko, Suicide: true, Scoring: AreaScoring}
	// Tromp-Taylor: area counting of what is on the board, positional
	// superko, suicide allowed, no handicap compensation.
	TrompTaylor = Ruleset{Name: "tromp-taylor", Ko: PositionalSuperko, Suicide: true, Scoring: AreaScoring, StonesAsTheyStand: true}
)

var rulesetAliases = map[string]Ruleset{
	"japanese": Japanese, "jp": Japanese, "korean": Japanese,
	"chinese": Chinese, "cn": Chinese,
	"aga":         AGA,
	"new-zealand": NewZealand, "new_zealand": NewZealand, "newzealand": NewZealand, "nz": NewZealand,
	"tromp-taylor": TrompTaylor, "tromp_taylor": TrompTaylor, "tt": TrompTaylor,
}

// RulesetByName finds a rule set by name, case-insensitively, accepting the
// spellings of GTP flags, kgs-rules and SGF RU values ("Japanese", "NZ",
// "new_zealand", "Tromp-Taylor"...).
func RulesetByName(name string) (Ruleset, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	if r, ok := rulesetAliases[key]; ok {
		return r, nil
	}
	return Ruleset{}, fmt.Errorf("unknown rules %q (known: %s)", name, strings.Join(RulesetNames(), ", "))
}

// RulesetNames lists the canonical names of the known rule sets.
func RulesetNames() []string {
	seen := map[string]bool{}
	for _, r := range rulesetAliases {
		seen[r.Name] = true
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// HandicapCompensation is the number of points White receives for a game
// with the given number of handicap stones.
func (r Ruleset) HandicapCompensation(stones int) float64 {
	if stones < 2 {
		return 0
	}
	switch r.Handicap {
	case HandicapBonusN:
		return float64(stones)
	case HandicapBonusNm1:
		return float64(stones - 1)
	}
	return 0
}

// SGFName is the RU value written to SGF files.
func (r Ruleset) SGFName() string {
	switch r.Name {
	case "japanese":
		return "Japanese"
	case "chinese":
		return "Chinese"
	case "aga":
		return "AGA"
	case "new-zealand":
		return "NZ"
	case "tromp-taylor":
		return "Tromp-Taylor"
	}
	return r.Name
}
