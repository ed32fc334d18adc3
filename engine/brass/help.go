package brass

import (
	"sort"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Rules help: hand-written rule topics (help_rules.go) followed by topics
// generated from the embedded data, so that tile values, town spaces,
// links and card counts are stated once, in data/*.json. Every text is a
// message of the catalog (messages/help.{en,de,fr}.toml): a generated
// topic names one template per kind (help.tile.*, help.place.*,
// help.card.*) with the data of its tile, place or card, and words from
// the data (industries, link kinds ...) through the name kinds
// name.help-*. The English fields (Title, Body, Keywords) are the English
// messages.
//
// Topic kinds and IDs:
//   rule      the IDs in topics.go
//   tile      tile-<industry>-<level>   e.g. tile-cotton-2
//   location  place-<slug>              e.g. place-manchester
//   card      card-<slug>               e.g. card-manchester, card-coal

// maxHelpBody is the longest English body we allow, so a topic stays
// readable on a phone; the contract allows 1500 characters (every language
// is held to that, TestHelpTranslated).
const maxHelpBody = 1200

// helpTopics returns every help topic of the game for Info: rule topics
// first, then tiles, locations and cards.
func helpTopics() []engine.HelpTopic { return helpTopicsFor(theBoard()) }

// helpTopicsFor builds every help topic from the catalog and the board data.
func helpTopicsFor(b *board) []engine.HelpTopic {
	out := helpRules(b)
	out = append(out, helpTiles(b)...)
	out = append(out, helpPlaces(b)...)
	out = append(out, helpCards(b)...)
	return helpEnglish(out)
}

// helpEnglish fills the English fields of topics from their messages.
func helpEnglish(topics []engine.HelpTopic) []engine.HelpTopic {
	w := engine.Words{Lang: lang.English, Info: engine.Info{Catalog: catalog, Help: topics}}
	for i, t := range w.Help() {
		topics[i].Title, topics[i].Body, topics[i].Keywords = t.Title, t.Body, helpUniq(t.Keywords)
	}
	return topics
}

// helpIndustryTopic is the rule topic that explains each industry.
var helpIndustryTopic = [numIndustries]string{
	indCotton: TopicCottonMill, indPort: TopicPort, indCoal: TopicCoalMine, indIron: TopicIronWorks, indShip: TopicShipyard,
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

// helpFlag is message data for a condition of a template: "1" or "" ({{if}}).
func helpFlag(b bool) string {
	if b {
		return "1"
	}
	return ""
}

// helpTiles is a topic per tile level: message help.tile.* with the
// level's printed values (tiles.json).
func helpTiles(b *board) []engine.HelpTopic {
	var out []engine.HelpTopic
	for i := industry(0); i < numIndustries; i++ {
		slug := i.String()
		for lv := 0; lv < len(b.specs[i]); lv++ {
			s := b.specs[i][lv]
			if s.Count == 0 {
				continue
			}
			needs := "none"
			switch {
			case s.Coal && s.Iron:
				needs = "coal-iron"
			case s.Coal:
				needs = "coal"
			case s.Iron:
				needs = "iron"
			}
			coalCubes, ironCubes := "", ""
			if s.Cubes > 0 && i == indCoal {
				coalCubes = itoa(s.Cubes)
			}
			if s.Cubes > 0 && i == indIron {
				ironCubes = itoa(s.Cubes)
			}
			towns := ""
			if s.Period != "never" {
				towns = strings.Join(b.helpTownsWith(i, s.Period == "canal"), ", ")
			}
			id := lang.M("", "ind", slug, "level", itoa(lv)).Data
			out = append(out, engine.HelpTopic{
				ID:       "tile-" + slug + "-" + itoa(lv),
				Kind:     "tile",
				TitleMsg: lang.Msg{ID: "help.tile.title", Data: id},
				BodyMsgs: []lang.Msg{lang.M("help.tile.body", "ind", slug, "level", itoa(lv), "copies", itoa(s.Count),
					"never", helpFlag(s.Period == "never"), "cost", itoa(s.Cost), "needs", needs, "period", s.Period,
					"coalcubes", coalCubes, "ironcubes", ironCubes, "income", itoa(s.Income), "vp", itoa(s.VP),
					"removed", helpFlag(lv == 1 && s.Period == "canal"), "towns", towns, "topic", helpIndustryTopic[i])},
				KeywordsMsg: lang.Msg{ID: "help.tile.keywords", Data: id},
			})
		}
	}
	return out
}

// helpPlaceSpaces and helpPlaceLinks are how many industry spaces and
// links of a place the message help.place.body has room for.
const (
	helpPlaceSpaces = 4
	helpPlaceLinks  = 6
)

// helpSpaceToken names what a space accepts, for name.help-space.<token>:
// its industries in order joined by "-" ("cotton-port").
func helpSpaceToken(s space) string {
	var inds []string
	for i := industry(0); i < numIndustries; i++ {
		if s.allowed[i] {
			inds = append(inds, i.String())
		}
	}
	return strings.Join(inds, "-")
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

// helpLinkKind names the periods a link may be built in, for
// name.help-link.<token>.
func helpLinkKind(l link) string {
	switch {
	case l.Canal && l.Rail:
		return "both"
	case l.Canal:
		return "canal"
	default:
		return "rail"
	}
}

// helpPlaces is a topic per place: message help.place.* with its spaces,
// links and cards (places.json, links.json).
func helpPlaces(b *board) []engine.HelpTopic {
	var out []engine.HelpTopic
	for pi, p := range b.places {
		if len(p.Spaces) > helpPlaceSpaces || len(p.links) > helpPlaceLinks {
			panic("brass help: help.place.body has room for " + itoa(helpPlaceSpaces) + " spaces and " + itoa(helpPlaceLinks) + " links, " + p.ID + " has more")
		}
		d := map[string]string{
			"name": p.Name, "place": p.ID, "spaces": itoa(len(p.Spaces)),
			"town": helpFlag(p.Kind == "town"), "external": helpFlag(p.Kind == "external"),
			"linkvp": "", "virtual": "", "cards": "", "railonly": helpFlag(p.RailOnly),
			"portboxes": helpFlag(b.helpPortBoxes(p)), "topic": helpPlaceTopic(p.ID),
		}
		if p.LinkVP > 0 {
			d["linkvp"] = itoa(p.LinkVP)
		}
		if p.Cards > 0 {
			d["cards"] = itoa(p.Cards)
		}
		for si := range helpPlaceSpaces {
			d["space"+itoa(si+1)] = ""
			if si < len(p.Spaces) {
				d["space"+itoa(si+1)] = helpSpaceToken(b.spaces[p.firstSpace+si])
			}
		}
		links := append([]int(nil), p.links...)
		sort.Slice(links, func(i, j int) bool {
			return b.places[b.helpOtherEnd(links[i], pi)].Name < b.places[b.helpOtherEnd(links[j], pi)].Name
		})
		for k := range helpPlaceLinks {
			n := itoa(k + 1)
			d["to"+n], d["kind"+n], d["link"+n] = "", "", ""
			if k < len(links) {
				l := b.links[links[k]]
				d["to"+n], d["kind"+n], d["link"+n] = b.places[b.helpOtherEnd(links[k], pi)].Name, helpLinkKind(l), l.ID
			}
		}
		if pi == b.virtualA || pi == b.virtualB {
			other := b.virtualA
			if pi == b.virtualA {
				other = b.virtualB
			}
			d["virtual"] = b.places[other].Name
		}
		kw := []string{p.ID, strings.ToLower(p.Name)}
		for _, w := range strings.FieldsFunc(strings.ToLower(p.Name), func(r rune) bool { return r == ' ' || r == '-' || r == '&' }) {
			if len(w) > 3 && w != "port" && w != "the" {
				kw = append(kw, w)
			}
		}
		out = append(out, engine.HelpTopic{
			ID:          "place-" + p.ID,
			Kind:        "location",
			TitleMsg:    lang.M("help.place.title", "name", p.Name),
			BodyMsgs:    []lang.Msg{{ID: "help.place.body", Data: d}},
			KeywordsMsg: lang.M("help.place.keywords", "place", p.ID, "names", strings.Join(helpUniq(kw), ", ")),
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

// helpCards is a topic per card: message help.card.industry or
// help.card.location with the card's count and what it builds (deck.json).
func helpCards(b *board) []engine.HelpTopic {
	var out []engine.HelpTopic
	for c := 0; c < b.numCardKinds(); c++ {
		slug := b.cardSlug(c)
		topic := engine.HelpTopic{ID: engine.CardTopicPrefix + slug, Kind: "card"}
		if ind, ok := b.cardIndustry(c); ok {
			topic.TitleMsg = lang.M("help.card.industry-title", "ind", slug)
			topic.KeywordsMsg = lang.M("help.card.industry-keywords", "ind", slug)
			topic.BodyMsgs = []lang.Msg{lang.M("help.card.industry", "ind", slug, "copies", itoa(b.industryCards[ind]),
				"towns", strings.Join(b.helpTownsWith(ind, false), ", "))}
		} else {
			p := b.places[c]
			if p.Cards == 0 {
				continue
			}
			topic.TitleMsg = lang.M("help.card.location-title", "name", p.Name)
			topic.KeywordsMsg = lang.M("help.card.location-keywords", "place", slug)
			topic.BodyMsgs = []lang.Msg{lang.M("help.card.location", "name", p.Name, "copies", itoa(p.Cards))}
			// What the town's spaces take, one message per industry: the
			// last one ends the body.
			var kinds [][2]string
			for i := industry(0); i < numIndustries; i++ {
				n := 0
				for _, s := range b.spaces[p.firstSpace : p.firstSpace+len(p.Spaces)] {
					if s.allowed[i] {
						n++
					}
				}
				if n > 0 {
					kinds = append(kinds, [2]string{i.String(), itoa(n)})
				}
			}
			for k, kind := range kinds {
				id := "help.card.location-kind"
				if k == len(kinds)-1 {
					id = "help.card.location-end"
				}
				topic.BodyMsgs = append(topic.BodyMsgs, lang.M(id, "ind", kind[0], "spaces", kind[1],
					"railonly", helpFlag(p.RailOnly), "place", slug))
			}
		}
		out = append(out, topic)
	}
	return out
}
