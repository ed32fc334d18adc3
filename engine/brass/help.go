package brass

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// Rules help: hand-written rule topics (help_rules.go) followed by topics
// generated from the embedded data, so that tile values, town spaces,
// links and card counts are stated once, in data/*.json.
//
// Topic kinds and IDs:
//   rule      the IDs in topics.go
//   tile      tile-<industry>-<level>   e.g. tile-cotton-2
//   location  place-<slug>              e.g. place-manchester
//   card      card-<slug>               e.g. card-manchester, card-coal

// maxHelpBody is the longest body we allow, so a topic stays readable on a
// phone; the contract allows 1500 characters.
const maxHelpBody = 1200

// helpTopics returns every help topic of the game for Info: rule topics
// first, then tiles, locations and cards.
func helpTopics() []engine.HelpTopic { return helpTopicsFor(theBoard) }

// helpTopicsFor builds every help topic from the rule texts and the board data.
func helpTopicsFor(b *board) []engine.HelpTopic {
	out := helpRules(b)
	out = append(out, helpTiles(b)...)
	out = append(out, helpPlaces(b)...)
	out = append(out, helpCards(b)...)
	return out
}

// helpNoun is the lower-case display name of an industry ("cotton mill").
func (b *board) helpNoun(i industry) string { return b.lower[i] }

// helpFlipWhen says in a few words what flips a tile of the industry.
var helpFlipWhen = [numIndustries]string{
	indCotton: "when its cotton is sold (to a port or the distant market)",
	indPort:   "when a mill sells cotton into it",
	indCoal:   "when its last coal cube is taken",
	indIron:   "when its last iron cube is taken",
	indShip:   "at once, as it is built",
}

// helpIndustryTopic is the rule topic that explains each industry.
var helpIndustryTopic = [numIndustries]string{
	indCotton: TopicCottonMill, indPort: TopicPort, indCoal: TopicCoalMine, indIron: TopicIronWorks, indShip: TopicShipyard,
}

func helpPeriod(p string) string {
	switch p {
	case "canal":
		return "canal period only"
	case "rail":
		return "rail period only"
	case "both":
		return "either period"
	default:
		return "never (develop it away)"
	}
}

// helpTownsWith lists the display names of the towns with a space for ind;
// with canalOnly set, towns closed in the canal period are left out.
func (b *board) helpTownsWith(ind industry, canalOnly bool) []string {
	var names []string
	for _, p := range b.places {
		if canalOnly && p.RailOnly {
			continue
		}
		for _, s := range b.spaces[p.firstSpace : p.firstSpace+len(p.Spaces)] {
			if s.allowed[ind] {
				names = append(names, p.Name)
				break
			}
		}
	}
	return names
}

func helpTiles(b *board) []engine.HelpTopic {
	var out []engine.HelpTopic
	for i := industry(0); i < numIndustries; i++ {
		noun := b.helpNoun(i)
		slug := i.String()
		for lv := 0; lv < len(b.specs[i]); lv++ {
			s := b.specs[i][lv]
			if s.Count == 0 {
				continue
			}
			var body strings.Builder
			fmt.Fprintf(&body, "%s, tech level %d. Each player has %d of these in the stack.\n", b.names[i], lv, s.Count)
			if s.Period == "never" {
				body.WriteString("- it can never be built: develop it off your stack (one iron each)\n")
			} else {
				fmt.Fprintf(&body, "- cost: £%d\n", s.Cost)
				var needs []string
				if s.Coal {
					needs = append(needs, "1 coal")
				}
				if s.Iron {
					needs = append(needs, "1 iron")
				}
				if len(needs) == 0 {
					needs = append(needs, "nothing but the money")
				}
				fmt.Fprintf(&body, "- needs: %s\n", strings.Join(needs, " and "))
				fmt.Fprintf(&body, "- built in: %s\n", helpPeriod(s.Period))
				if s.Cubes > 0 {
					fmt.Fprintf(&body, "- comes with %d %s cubes\n", s.Cubes, slug)
				}
				fmt.Fprintf(&body, "- flips %s\n", helpFlipWhen[i])
				fmt.Fprintf(&body, "- once flipped: income +%d spaces, %d VP at each period end\n", s.Income, s.VP)
				if lv == 1 && s.Period == "canal" {
					body.WriteString("- removed from the board when the canal period ends\n")
				}
			}
			if s.Period != "never" {
				fmt.Fprintf(&body, "Spaces: %s.\n", strings.Join(b.helpTownsWith(i, s.Period == "canal"), ", "))
			}
			fmt.Fprintf(&body, "See also: %s, %s.", helpIndustryTopic[i], TopicTechLevel)
			out = append(out, engine.HelpTopic{
				ID:    fmt.Sprintf("tile-%s-%d", slug, lv),
				Title: fmt.Sprintf("%s, level %d", b.names[i], lv),
				Kind:  "tile",
				Keywords: helpUniq([]string{
					fmt.Sprintf("%s %d", slug, lv),
					fmt.Sprintf("%s %d", noun, lv),
					fmt.Sprintf("%s level %d", slug, lv),
					fmt.Sprintf("%s level %d", noun, lv),
					fmt.Sprintf("%s level %d", helpLastWord(noun), lv),
					fmt.Sprintf("level %d %s", lv, slug),
				}),
				Body: strings.TrimSpace(body.String()),
			})
		}
	}
	return out
}

func helpLastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return s
	}
	if f[len(f)-1] == "works" || f[len(f)-1] == "mine" {
		return f[0]
	}
	return f[len(f)-1]
}

// helpPlural writes "1 space" or "3 spaces".
func helpPlural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func helpUniq(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// helpSpaceText describes what a space accepts: "cotton mill or coal mine".
func (b *board) helpSpaceText(s space) string {
	var names []string
	for i := industry(0); i < numIndustries; i++ {
		if s.allowed[i] {
			names = append(names, b.helpNoun(i))
		}
	}
	return strings.Join(names, " or ")
}

// helpPortBoxes reports whether a town has a port-only space next to a space
// that takes a port or something else (Lancaster and Preston): the port must
// use the port-only space first.
func (b *board) helpPortBoxes(p place) bool {
	only, mixed := false, false
	for _, s := range b.spaces[p.firstSpace : p.firstSpace+len(p.Spaces)] {
		if s.allowed[indPort] && s.nAllow == 1 {
			only = true
		}
		if s.allowed[indPort] && s.nAllow > 1 {
			mixed = true
		}
	}
	return only && mixed
}

func helpLinkKinds(l link) string {
	switch {
	case l.Canal && l.Rail:
		return "canal or rail"
	case l.Canal:
		return "canal only"
	default:
		return "rail only"
	}
}

func helpPlaces(b *board) []engine.HelpTopic {
	var out []engine.HelpTopic
	for pi, p := range b.places {
		var body strings.Builder
		switch p.Kind {
		case "town":
			fmt.Fprintf(&body, "%s is a town with %s:\n", p.Name, helpPlural(len(p.Spaces), "industry space"))
			for si, s := range b.spaces[p.firstSpace : p.firstSpace+len(p.Spaces)] {
				fmt.Fprintf(&body, "- @%d %s\n", si+1, b.helpSpaceText(s))
			}
		case "external":
			fmt.Fprintf(&body, "%s is an external location: no spaces, but it counts as a built port (coal track, distant market, coal mine sales) and routes pass through it.\n", p.Name)
		default:
			fmt.Fprintf(&body, "%s has no industry spaces and is not a port; links may pass through it.\n", p.Name)
		}
		if p.LinkVP > 0 {
			fmt.Fprintf(&body, "A link ending here scores %d extra VP for this end.\n", p.LinkVP)
		}
		body.WriteString("Links:\n")
		links := append([]int(nil), p.links...)
		sort.Slice(links, func(i, j int) bool {
			return b.places[b.helpOtherEnd(links[i], pi)].Name < b.places[b.helpOtherEnd(links[j], pi)].Name
		})
		for _, li := range links {
			l := b.links[li]
			fmt.Fprintf(&body, "- %s: %s (%s)\n", b.places[b.helpOtherEnd(li, pi)].Name, helpLinkKinds(l), l.ID)
		}
		if pi == b.virtualA || pi == b.virtualB {
			other := b.virtualA
			if pi == b.virtualA {
				other = b.virtualB
			}
			fmt.Fprintf(&body, "- %s: virtual link, for industry cards only (see %s)\n", b.places[other].Name, TopicVirtualLink)
		}
		if p.Cards > 0 {
			fmt.Fprintf(&body, "Location cards in the deck: %d.\n", p.Cards)
		}
		var special []string
		if p.RailOnly {
			special = append(special, "Nothing can be built here in the canal period.")
		}
		if b.helpPortBoxes(p) {
			special = append(special, fmt.Sprintf("A new port must take the port-only space while it is free (see %s).", TopicPortBoxes))
		}
		if len(special) > 0 {
			body.WriteString(strings.Join(special, " ") + "\n")
		}
		if topic := helpPlaceTopic(p.ID); topic != "" {
			fmt.Fprintf(&body, "See also: %s.", topic)
		}
		kw := []string{p.ID, strings.ToLower(p.Name)}
		for _, w := range strings.FieldsFunc(strings.ToLower(p.Name), func(r rune) bool { return r == ' ' || r == '-' || r == '&' }) {
			if len(w) > 3 && w != "port" && w != "the" {
				kw = append(kw, w)
			}
		}
		out = append(out, engine.HelpTopic{
			ID:       "place-" + p.ID,
			Title:    p.Name,
			Kind:     "location",
			Keywords: helpUniq(append(kw, p.ID+" links", p.ID+" spaces")),
			Body:     strings.TrimSpace(body.String()),
		})
	}
	return out
}

// helpPlaceTopic is the rule topic about a place's special rule, if any.
func helpPlaceTopic(id string) string {
	switch id {
	case "barrow":
		return TopicBarrow
	case "birkenhead":
		return TopicBirkenhead
	}
	return ""
}

func (b *board) helpOtherEnd(li, pi int) int {
	if b.links[li].a == pi {
		return b.links[li].b
	}
	return b.links[li].a
}

func helpCards(b *board) []engine.HelpTopic {
	var out []engine.HelpTopic
	for c := 0; c < b.numCardKinds(); c++ {
		slug := b.cardSlug(c)
		var body strings.Builder
		var title string
		kw := []string{slug + " card", "card:" + slug}
		if ind, ok := b.cardIndustry(c); ok {
			noun := b.helpNoun(ind)
			title = b.names[ind] + " card"
			kw = append(kw, noun+" card")
			fmt.Fprintf(&body, "An industry card; the deck holds %d.\n", b.industryCards[ind])
			fmt.Fprintf(&body, "It builds a %s in any town of your network that has a free fitting space (or over your own %s). With nothing of yours on the board yet, it builds anywhere.\n", noun, noun)
			fmt.Fprintf(&body, "Towns with a %s space: %s.\n", noun, strings.Join(b.helpTownsWith(ind, false), ", "))
			fmt.Fprintf(&body, "Like any card it can also pay for another action.\nSee also: %s, %s.", TopicIndustryCard, TopicNetwork)
		} else {
			p := b.places[c]
			if p.Cards == 0 {
				continue
			}
			title = p.Name + " card"
			fmt.Fprintf(&body, "A location card; the deck holds %d.\n", p.Cards)
			var kinds []string
			for i := industry(0); i < numIndustries; i++ {
				n := 0
				for _, s := range b.spaces[p.firstSpace : p.firstSpace+len(p.Spaces)] {
					if s.allowed[i] {
						n++
					}
				}
				if n > 0 {
					kinds = append(kinds, fmt.Sprintf("%s (%s)", b.helpNoun(i), helpPlural(n, "space")))
				}
			}
			fmt.Fprintf(&body, "It builds in %s whether or not you are connected: %s.\n", p.Name, strings.Join(kinds, ", "))
			if p.RailOnly {
				body.WriteString("Building there is possible only in the rail period; in the canal period use the card for another action.\n")
			}
			fmt.Fprintf(&body, "Like any card it can also pay for another action.\nSee also: %s, place-%s.", TopicLocationCard, p.ID)
		}
		out = append(out, engine.HelpTopic{
			ID:       engine.CardTopicPrefix + slug,
			Title:    title,
			Kind:     "card",
			Keywords: helpUniq(kw),
			Body:     body.String(),
		})
	}
	return out
}
