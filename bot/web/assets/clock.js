// The playground's turn clock settings form (loaded before app.js, whose
// helpers it uses when called): it shows a match's reminder interval,
// turn deadline and what happens at the deadline, and changes them
// through the same core call as Discord's /clock, whose refusals it shows
// in the core's words.
"use strict";

// clockPanel fills the form from the match (st.match.clock); a form being
// edited is left alone unless the match changed.
function clockPanel() {
  const m = st.match, c = m.clock;
  $("clockpanel").hidden = !c;
  if (!c) return;
  $("clocktext").textContent = t(c.open ? "web.clock.this" : "web.clock.had", { text: c.text });
  $("clockform").hidden = !c.open;
  const key = m.id + "/" + m.version;
  if ($("clockform").dataset.key === key) return;
  $("clockform").dataset.key = key;
  $("clockremind").value = c.remind;
  $("clockdeadline").value = c.deadline;
  $("clockat").value = c.at_deadline;
  clockError(null);
}

function clockError(e) {
  $("clockerror").hidden = !e;
  $("clockerror").textContent = e ? (e.message || UNREACHABLE) : "";
}

async function saveClock() {
  const m = st.match;
  $("clocksave").disabled = true;
  try {
    const got = await api("POST", "matches/" + encodeURIComponent(m.id) + "/clock",
      { remind: $("clockremind").value, deadline: $("clockdeadline").value, at_deadline: $("clockat").value });
    if (st.match && st.match.id === got.id) {
      st.match = got;
      delete $("clockform").dataset.key;
      showMatch();
      $("clocktext").textContent = t("web.clock.saved", { text: got.clock.text });
    }
  } catch (e) {
    clockError(e);
  } finally {
    $("clocksave").disabled = false;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  $("clockform").onsubmit = (ev) => { ev.preventDefault(); saveClock(); };
});
