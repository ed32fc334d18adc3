package lang

import (
	"strconv"
	"strings"
)

// Number and money follow each language's usual convention (CLDR's
// decimal and currency patterns), with one deliberate difference noted:
//
//	          number     money (symbol "£")   negative money
//	English   1,234      £1,234               −£5
//	German    1.234      1.234 £              −5 £
//	French    1 234      1 234 £              −5 £
//
// The space in French digit groups and before the symbol in German and
// French is U+00A0 (no-break space), so a figure never breaks across a line.
// CLDR prints French digit groups with U+202F (narrow no-break space); we
// use U+00A0 because the board fonts and older Discord clients do not all
// have U+202F. Groups start at four digits in every language (CLDR's
// minimum grouping digits is 1 for en, de and fr). Dates are not formatted
// here: Discord timestamps (<t:...>) show them in each reader's own locale.

// nbsp is the no-break space.
const nbsp = "\u00a0"

// groupSep is each language's digit group separator.
var groupSep = map[Lang]string{English: ",", German: ".", French: nbsp}

// Int formats n with the language's digit grouping: 1,234 / 1.234 / 1 234.
func (l Lang) Int(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	if len(s) > 3 {
		sep, ok := groupSep[l]
		if !ok {
			sep = groupSep[Fallback]
		}
		b := make([]byte, 0, len(s)+len(s)/3*len(sep))
		for i := 0; i < len(s); i++ {
			if i > 0 && (len(s)-i)%3 == 0 {
				b = append(b, sep...)
			}
			b = append(b, s[i])
		}
		s = string(b)
	}
	if neg {
		return "-" + s
	}
	return s
}

// Money formats an amount of a currency whose symbol is sym: "£1,234" in
// English, "1.234 £" in German, "1 234 £" in French; a negative amount
// carries a minus sign (U+2212) first ("−£5", "−5 £").
func (l Lang) Money(n int, sym string) string {
	neg := n < 0
	if neg {
		n = -n
	}
	var s string
	switch l {
	case German, French:
		s = l.Int(n) + nbsp + sym
	default:
		s = sym + l.Int(n)
	}
	if neg {
		return "\u2212" + s // a true minus sign, as the boards draw it
	}
	return s
}

// decimalSep is each language's decimal separator.
var decimalSep = map[Lang]string{English: ".", German: ",", French: ","}

// Decimal formats x with prec digits after the separator, the integer part
// grouped as Int groups it: 1,234.5 / 1.234,5 / 1 234,5. It rounds half
// away from zero, as strconv does.
func (l Lang) Decimal(x float64, prec int) string {
	s := strconv.FormatFloat(x, 'f', prec, 64)
	whole, frac, _ := strings.Cut(s, ".")
	neg := strings.HasPrefix(whole, "-")
	n, err := strconv.Atoi(strings.TrimPrefix(whole, "-"))
	if err != nil { // beyond int: ungrouped
		return s
	}
	out := l.Int(n)
	if neg {
		out = "-" + out
	}
	if frac != "" {
		sep, ok := decimalSep[l]
		if !ok {
			sep = decimalSep[Fallback]
		}
		out += sep + frac
	}
	return out
}
