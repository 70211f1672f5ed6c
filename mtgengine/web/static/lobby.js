// The lobby: deck lists checked as they are typed (the server's deck reader, the same as the
// command line's), a game started against an agent or a person, a scenario opened, and the
// games this browser holds a seat token for, to resume.
"use strict";
const $ = id => document.getElementById(id);
const el = MTG.el;

function debounce(f, ms) { let t; return (...a) => { clearTimeout(t); t = setTimeout(() => f(...a), ms); }; }

async function check(n) {
  const text = $("deck" + n).value;
  const box = $("report" + n);
  if (!text.trim()) { box.replaceChildren(el("span", { class: "hint" }, "the reference deck (60 cards: Forest, Mountain, Grizzly Bears, …)")); return; }
  const r = await MTG.post("/api/decks/check", { deck: text });
  if (r.error || !r.ok) { box.replaceChildren(el("span", { class: "error" }, r.error)); return; }
  const parts = [el("span", { class: "ok" }, `${r.main} cards` + (r.sideboard ? `, sideboard ${r.sideboard}` : "") + (r.commander.length ? `, commander ${r.commander.join(", ")}` : ""))];
  if (r.unimplemented.length) {
    parts.push(el("div", { class: "warn" }, `${r.unimplemented.length} card(s) the engine doesn't implement fully (refused unless you tick "play unimplemented cards"):`,
      el("ul", {}, ...r.unimplemented.map(u => el("li", {}, el("b", {}, u.name), ": ", u.missing.join("; "))))));
  }
  box.replaceChildren(...parts);
}

for (const n of [1, 2]) {
  $("deck" + n).addEventListener("input", debounce(() => check(n), 400));
  $("file" + n).addEventListener("change", async ev => {
    const f = ev.target.files[0];
    if (!f) return;
    $("deck" + n).value = await f.text();
    check(n);
  });
  check(n);
}

$("scenario-file").addEventListener("change", async ev => {
  const f = ev.target.files[0];
  if (f) $("scenario").value = await f.text();
});

function opened(r, title) {
  const mine = r.seats[0];
  for (const s of r.seats) MTG.remember({ id: r.id, token: s.token, seat: s.seat, title });
  return mine;
}

$("start").addEventListener("click", async () => {
  $("start-error").textContent = "";
  const opponent = $("opponent").value;
  const seat = Number($("seat").value);
  const body = {
    deck1: $("deck1").value, deck2: $("deck2").value, opponent, seat,
    seed: $("seed").value === "" ? null : Number($("seed").value),
    turn_cap: Number($("turn_cap").value || 0), allow_unimplemented: $("allow").checked,
    ai_time: $("ai_time").value === "" ? null : Number($("ai_time").value),
  };
  const r = await MTG.post("/api/games", body);
  if (r.error) { $("start-error").textContent = r.error; return; }
  const title = opponent === "person" ? "two players" : `vs ${opponent}`;
  if (opponent === "person") {
    const mineSeat = r.seats.find(s => s.seat === seat), other = r.seats.find(s => s.seat !== seat);
    MTG.remember({ id: r.id, token: mineSeat.token, seat, title });
    const link = location.origin + other.url;
    $("join").replaceChildren(el("p", {}, "Send this link to the other player (it opens their seat, and only theirs):"),
      el("input", { class: "link", id: "join-link", value: link, readonly: true, onclick: ev => ev.target.select() }),
      el("p", {}, el("a", { href: mineSeat.url, id: "my-seat", class: "button" }, "Open my seat")));
    refresh();
    return;
  }
  MTG.remember({ id: r.id, token: r.seats[0].token, seat, title });
  location.href = r.seats[0].url;
});

$("open-scenario").addEventListener("click", async () => {
  $("scenario-error").textContent = "";
  const r = await MTG.post("/api/scenarios", { scenario: $("scenario").value, index: Number($("scenario-index").value || 1) - 1, opponent: $("scenario-opponent").value });
  if (r.error) { $("scenario-error").textContent = r.error; return; }
  MTG.remember({ id: r.id, token: r.seats[0].token, seat: r.seats[0].seat, title: "scenario" });
  location.href = r.seats[0].url;
});

async function refresh() {
  const mine = MTG.myGames();
  if (!mine.length) return;
  const r = await MTG.post("/api/games/status", { games: mine.map(g => ({ id: g.id, token: g.token })) });
  if (r.error) return;
  const rows = r.games.map((g, i) => {
    const m = mine[i];
    if (!g.found) return null;
    const state = g.over ? "over" : (g.your_move ? "your move" : "waiting");
    return el("div", { class: "game-row" }, el("a", { href: `/play/${m.id}#${m.token}` }, g.title || m.title),
      el("span", { class: "hint" }, ` seat ${m.seat + 1} · turn ${g.turn} · ${state}`));
  }).filter(Boolean);
  if (rows.length) $("games").replaceChildren(...rows);
}
refresh();
