package brass

import (
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// checkLoan tests a loan of amount pounds.
// Rulebook, ACTION 5 Take loan: £10, £20 or £30; each £10 moves the income
// marker down one income level to the top space of that level; never below
// -£10; no loans once the deck is exhausted in the rail period.
func (w *walker) checkLoan(amount int) error {
	r := &theBoard.rules
	if amount <= 0 || amount > r.MaxLoan || amount%r.LoanStep != 0 {
		return w.fail("loan.amount", TopicLoan, "a loan is %s", loanAmounts())
	}
	if w.st.Period == periodRail && len(w.st.Deck) == 0 {
		return w.fail("loan.deck-exhausted", TopicLoan, "no loans once the deck is exhausted in the rail period")
	}
	lvl := w.st.income(w.seat) - amount/r.LoanStep
	if lvl < r.MinIncome {
		return w.fail("loan.income-floor", TopicLoan, "a £%d loan would take your income to %s, below the %s floor", amount, pounds(lvl), pounds(r.MinIncome))
	}
	return nil
}

// loanAmounts lists the loan sizes in words ("£10, £20 or £30").
func loanAmounts() string {
	r := &theBoard.rules
	var parts []string
	for a := r.LoanStep; a <= r.MaxLoan; a += r.LoanStep {
		parts = append(parts, pounds(a))
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func (w *walker) loanOpts() []opt {
	var out []opt
	for a := theBoard.rules.LoanStep; a <= theBoard.rules.MaxLoan; a += theBoard.rules.LoanStep {
		if w.checkLoan(a) == nil {
			lvl := w.st.income(w.seat) - a/theBoard.rules.LoanStep
			out = append(out, opt{tok: strconv.Itoa(a), label: costMsg(a), help: lang.M("choice.loan-income", "income", itoa(lvl))})
		}
	}
	return out
}

// walkLoan: loan 10|20|30 card:<c>.
func (w *walker) walkLoan(rest engine.Move) (step, error) {
	if len(rest) == 0 {
		return step{prompt: ask("loan"), opts: w.loanOpts()}, nil
	}
	amount, err := strconv.Atoi(rest[0])
	if err != nil {
		return step{}, engine.Rule("loan.amount", TopicLoan, "a loan is %s, not %q", loanAmounts(), rest[0])
	}
	w.explain = true
	if err := w.checkLoan(amount); err != nil {
		return step{}, err
	}
	w.explain = false
	s, err := w.anyCard(rest[1:], ask("card"))
	if err != nil || !s.complete {
		return s, err
	}
	lvl := w.st.income(w.seat) - amount/theBoard.rules.LoanStep
	w.st.earn(w.seat, amount)
	w.st.Players[w.seat].Space = theBoard.topSpaceOf(lvl)
	w.evs = append(w.evs, event(w.seat, "loan", "loan", "money", strconv.Itoa(amount), "income", strconv.Itoa(lvl)))
	return s, nil
}
