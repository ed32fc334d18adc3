package brass

import (
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// checkLoan tests a loan of amount pounds.
// Rulebook, ACTION 5 Take loan: £10, £20 or £30; each £10 moves the income
// marker down one income level to the top space of that level; never below
// -£10; no loans once the deck is exhausted in the rail period.
func (w *walker) checkLoan(amount int) error {
	r := &theBoard().rules
	if amount <= 0 || amount > r.MaxLoan || amount%r.LoanStep != 0 {
		return w.fail("loan.amount", TopicLoan, loanAmounts("")...)
	}
	if w.st.Period == periodRail && len(w.st.Deck) == 0 {
		return w.fail("loan.deck-exhausted", TopicLoan)
	}
	lvl := w.st.income(w.seat) - amount/r.LoanStep
	if lvl < r.MinIncome {
		return w.fail("loan.income-floor", TopicLoan, "amount", itoa(amount), "income", itoa(lvl), "floor", itoa(r.MinIncome))
	}
	return nil
}

// loanAmounts is the data of rule.loan.amount: the three loan sizes
// (a1, a2, a3: £10, £20 or £30, data/rules.json) and the token refused,
// if any.
func loanAmounts(token string) []string {
	r := &theBoard().rules
	kv := []string{"token", token}
	for i, a := 1, r.LoanStep; a <= r.MaxLoan; i, a = i+1, a+r.LoanStep {
		kv = append(kv, "a"+itoa(i), itoa(a))
	}
	return kv
}

func (w *walker) loanOpts() []opt {
	var out []opt
	for a := theBoard().rules.LoanStep; a <= theBoard().rules.MaxLoan; a += theBoard().rules.LoanStep {
		if w.checkLoan(a) == nil {
			lvl := w.st.income(w.seat) - a/theBoard().rules.LoanStep
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
		return step{}, rule("loan.amount", TopicLoan, loanAmounts(rest[0])...)
	}
	w.explain = true
	if err := w.checkLoan(amount); err != nil {
		return step{}, err
	}
	w.explain = false
	s, err := w.anyCard(rest[1:], ask("card"), TopicLoan)
	if err != nil || !s.complete {
		return s, err
	}
	lvl := w.st.income(w.seat) - amount/theBoard().rules.LoanStep
	w.st.earn(w.seat, amount)
	w.st.Players[w.seat].Space = theBoard().topSpaceOf(lvl)
	w.evs = append(w.evs, event(w.seat, "loan", "loan", "money", strconv.Itoa(amount), "income", strconv.Itoa(lvl)))
	return s, nil
}
