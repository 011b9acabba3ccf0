// The match page's script (bot/web/match_page.py): step without reloading, keep the step in the URL,
// follow a live match by server-sent events (bot/web/live_feed.py). No framework; nothing from elsewhere.
"use strict";
(function () {
  const meta = JSON.parse(document.getElementById("meta").textContent);
  const stepBox = document.getElementById("step");
  const status = document.getElementById("status");
  const roundSelect = document.getElementById("round");
  const copied = document.getElementById("copied");
  const controls = document.getElementById("controls");
  const state = {
    step: Number(document.getElementById("step-heading").dataset.step),
    steps: meta.steps,
    roundStarts: meta.roundStarts,
    finished: meta.finished,
    loading: 0,
  };
  const base = "/m/" + meta.key;
  const query = location.search;

  function roundOf(step) {
    let round = 0;
    state.roundStarts.forEach(function (start, k) { if (step - 1 >= start) { round = k; } });
    return round;
  }

  function syncControls() {
    controls.hidden = state.steps < 1; // before the first placement there is nothing to step through or link to
    document.getElementById("first").disabled = state.step <= 1;
    document.getElementById("previous").disabled = state.step <= 1;
    document.getElementById("next").disabled = state.step >= state.steps;
    document.getElementById("last").disabled = state.step >= state.steps;
    while (roundSelect.options.length < state.roundStarts.length) {
      const option = document.createElement("option");
      option.value = String(roundSelect.options.length);
      option.textContent = meta.words.round.replace("{round}", String(roundSelect.options.length + 1));
      roundSelect.appendChild(option);
    }
    roundSelect.value = String(roundOf(state.step));
  }

  function go(step, push) {
    if (state.steps < 1) { return Promise.resolve(); }
    step = Math.max(1, Math.min(state.steps, step));
    const ticket = ++state.loading;
    return fetch(base + "/" + step + ".json" + query, { cache: "no-cache" })
      .then(function (response) { if (!response.ok) { throw new Error(String(response.status)); } return response.json(); })
      .then(function (data) {
        if (ticket !== state.loading) { return; }
        stepBox.innerHTML = data.html;
        state.step = data.step;
        state.steps = Math.max(state.steps, data.steps);
        const url = base + "/" + data.step + query;
        if (push) { history.pushState({ step: data.step }, "", url); } else { history.replaceState({ step: data.step }, "", url); }
        syncControls();
        document.querySelectorAll(".langs a").forEach(function (link) {
          link.href = base + "/" + data.step + "?lang=" + link.hreflang;
        });
      })
      .catch(function () { /* the step stays as it was; the next click tries again */ });
  }

  document.getElementById("first").addEventListener("click", function () { go(1, true); });
  document.getElementById("previous").addEventListener("click", function () { go(state.step - 1, true); });
  document.getElementById("next").addEventListener("click", function () { go(state.step + 1, true); });
  document.getElementById("last").addEventListener("click", function () { go(state.steps, true); });
  roundSelect.addEventListener("change", function () { go(state.roundStarts[Number(roundSelect.value)] + 1, true); });
  window.addEventListener("popstate", function (event) { if (event.state && event.state.step) { go(event.state.step, false); } });
  document.addEventListener("keydown", function (event) {
    const tag = event.target && event.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA" || event.altKey || event.ctrlKey || event.metaKey) { return; }
    const moves = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 1, End: state.steps };
    if (event.key in moves) { event.preventDefault(); go(moves[event.key], true); }
  });
  document.getElementById("copy").addEventListener("click", function () {
    const link = location.origin + base + "/" + state.step + query;
    const done = function () { copied.textContent = meta.words.copied; };
    const failed = function () { copied.textContent = meta.words["copy-failed"]; };
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(link).then(done, failed); } else { failed(); }
  });

  function follow() {
    const source = new EventSource(base + "/live");
    source.addEventListener("progress", function (event) {
      const data = JSON.parse(event.data);
      const following = state.step >= state.steps;
      state.steps = data.steps;
      state.roundStarts = data.roundStarts;
      status.textContent = meta.words.live;
      if (data.finished && !state.finished) { source.close(); location.reload(); return; }
      if (following && data.steps !== state.step) { go(data.steps, false); } else { syncControls(); }
    });
    source.addEventListener("gone", function () { source.close(); });
    source.addEventListener("error", function () { if (!state.finished) { status.textContent = meta.words.reconnecting; } });
  }

  syncControls();
  if (state.step >= 1) { history.replaceState({ step: state.step }, "", base + "/" + state.step + query); }
  if (!state.finished) { follow(); }
})();
