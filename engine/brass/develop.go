package brass

import (
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// checkDevelop tests removing the top counter of ind.
// Rulebook, ACTION 3 Develop: one or two counters off the tops of your
// stacks, each needing one iron taken as for building.
func (w *walker) checkDevelop(ind industry) ([]int, error) {
	if w.st.top(w.seat, ind) < 0 {
		return nil, w.fail("develop.stack-empty", TopicDevelop, "industry", ind.String())
	}
	works := w.st.ironWorks()
	if len(works) == 0 {
		price := theBoard().buyPrice(w.st.Iron)
		if w.st.Players[w.seat].Money < price {
			return nil, w.fail("develop.money", TopicIronMarket, "cost", itoa(price), "money", itoa(w.st.Players[w.seat].Money))
		}
	}
	return works, nil
}

func (w *walker) developOpts() []opt {
	var out []opt
	for ind := industry(0); ind < numIndustries; ind++ {
		if _, err := w.checkDevelop(ind); err == nil {
			out = append(out, opt{tok: ind.String(), label: lang.M("choice.stack", "industry", ind.String(), "level", itoa(w.st.top(w.seat, ind)))})
		}
	}
	return out
}

// walkDevelop: develop <industry> [iron:..] [<industry> [iron:..]] card:<c>.
func (w *walker) walkDevelop(rest engine.Move) (step, error) {
	for n := 0; n < 2; n++ {
		if len(rest) == 0 {
			if n == 0 {
				return step{prompt: ask("stack"), opts: w.developOpts()}, nil
			}
			s := w.cardStep(ask("card"), nil)
			if more := w.developOpts(); len(more) > 0 {
				s.prompt = ask("second-counter")
				s.opts = append(more, s.opts...)
			}
			return s, nil
		}
		ind, ok := industryBySlug(rest[0])
		if !ok {
			if n == 1 {
				break
			}
			return step{}, rule("develop.unknown-industry", TopicNotation, "token", rest[0])
		}
		w.explain = true
		works, err := w.checkDevelop(ind)
		w.explain = false
		if err != nil {
			return step{}, err
		}
		src, r, sp, err := w.srcStep("iron:", works, rest[1:], TopicIron)
		if err != nil || sp != nil {
			return deref(sp), err
		}
		rest = r
		lvl := w.st.top(w.seat, ind)
		w.st.Players[w.seat].Next[ind]++
		w.takeCube(indIron, src, dest{"develop", nil})
		w.changed()
		w.evs = append(w.evs, event(w.seat, "develop", "develop", "industry", ind.String(), "level", itoa(lvl)))
	}
	// Rulebook, ACTION 3: one or two counters per action, no more.
	if len(rest) > 0 {
		if _, isInd := industryBySlug(rest[0]); isInd {
			return step{}, rule("develop.too-many", TopicDevelop)
		}
	}
	return w.anyCard(rest, ask("card"), TopicDevelop)
}
