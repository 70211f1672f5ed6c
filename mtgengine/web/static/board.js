// The board: one seat's view, sent by the server after every change (WebSocket /ws/{game}),
// and the pending decision answered by clicking. The token of the seat is the page's #fragment
// (never sent in a URL the server logs), kept in localStorage so that a reload reconnects.
"use strict";

const gameId = location.pathname.split("/").pop();
const token = location.hash.slice(1) || localStorage.getItem("mtg-seat-" + gameId) || "";
if (token) localStorage.setItem("mtg-seat-" + gameId, token);
const $ = id => document.getElementById(id);
const el = MTG.el;

let ws = null;
let msg = null;          // the last board message
let log = [];            // the whole log, as sent
let sel = [];            // the options chosen so far (multi-select, order, blockers)
let amounts = {};        // divide / damage assignment: option -> amount
let defenders = {};      // attackers: attacker -> defender chosen
let pendingBlocker = null;
let paying = null;       // manual payment: {action, tap: [ids]}
let manualPay = localStorage.getItem("mtg-manual-pay") === "1";
let retry = 500;

function connect() {
  $("conn").textContent = "connecting…";
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + gameId);
  ws.onopen = () => { retry = 500; ws.send(JSON.stringify({ type: "hello", token })); $("conn").textContent = "connected"; $("conn").className = "conn ok"; };
  ws.onmessage = ev => {
    const m = JSON.parse(ev.data);
    if (m.type === "board") onBoard(m);
    else if (m.type === "error") showError(m.message);
  };
  ws.onclose = ev => {
    $("conn").className = "conn bad";
    if (ev.code === 4403 || ev.code === 4404) { $("conn").textContent = ev.code === 4404 ? "no such game" : "wrong seat token"; return; }
    $("conn").textContent = "reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function send(obj) {
  if (!ws || ws.readyState !== WebSocket.OPEN) { showError("not connected: retrying"); return; }
  ws.send(JSON.stringify(obj));
}

function answer(value) {
  showError("");
  send({ type: "answer", decision: msg.decision_no, answer: value });
  document.body.classList.add("sent");
}

function showError(text) {
  $("error").textContent = text || "";
}

function onBoard(m) {
  const newQuestion = !msg || msg.decision_no !== m.decision_no;
  if (m.log_from === 0) log = [];
  log = log.slice(0, m.log_from).concat(m.log);
  msg = m;
  document.body.classList.remove("sent");
  if (newQuestion) { sel = []; amounts = {}; defenders = {}; pendingBlocker = null; paying = null; }
  render();
}

// -- drawing -------------------------------------------------------------------------------
const obj = id => msg.objects[String(id)];
const playerName = ref => (msg.players[-ref - 1] || {}).name || `player ${-ref}`;

function render() {
  const m = msg;
  $("title").textContent = m.title;
  $("turn").textContent = `Turn ${m.turn} · ${m.players[m.active].name}'s ${m.step.replace(/_/g, " ")}`;
  const me = m.you, opp = 1 - me;
  $("opp").replaceChildren(...side(opp, false));
  $("me").replaceChildren(...side(me, true));
  const stack = $("stack");
  stack.replaceChildren(...m.stack.slice().reverse().map(id => stackItem(id)));
  $("stack-area").classList.toggle("empty", m.stack.length === 0);
  renderDecision();
  renderLog();
  $("undo").disabled = !m.can_undo;
  let status = "";
  if (m.over) status = "Game over: " + m.over.text;
  else if (m.decision) status = "Your decision";
  else if (m.thinking !== null && m.thinking !== undefined) status = `${m.players[m.thinking].name} (${m.kinds[m.thinking]}) is thinking…`;
  else if (m.waiting_for !== null) status = `Waiting for ${m.players[m.waiting_for].name}`;
  $("status").textContent = status;
  $("status").className = "status" + (m.decision ? " mine" : "") + (m.over ? " over" : "");
  markOptions();
  const hovered = document.querySelector(".card[data-id]:hover");
  zoom(hovered ? obj(hovered.dataset.id) : null);    // (the card hovered may have been redrawn)
}

function side(p, mine) {
  const m = msg, pl = m.players[p], z = m.zones[p];
  const pool = Object.entries(pl.pool).map(([k, v]) => el("span", { class: `sym sym-${k}` }, `${v}`));
  const counters = Object.entries(pl.counters).map(([k, v]) => el("span", { class: "badge" }, `${v} ${k}`));
  const info = el("div", { class: "player", dataset: { ref: -(p + 1) } },
    el("span", { class: "pname" }, pl.name + (mine ? " (you)" : "")),
    el("span", { class: "life", title: "life" }, `♥ ${pl.life}`),
    pl.poison ? el("span", { class: "poison", title: "poison counters" }, `☠ ${pl.poison}`) : null,
    el("span", { class: "count", title: "library" }, `Library ${pl.library}`),
    el("span", { class: "count", title: "hand" }, `Hand ${pl.hand}`),
    zoneButton(p, "graveyard", "Graveyard"), zoneButton(p, "exile", "Exile"),
    z.command.length ? zoneButton(p, "command", "Command") : null,
    pool.length ? el("span", { class: "pool", title: "mana pool" }, "Pool ", ...pool) : null,
    ...counters);
  const perms = m.battlefield.filter(id => obj(id).controller === p && obj(id).attached_to == null);
  const isLand = id => (obj(id).types || []).includes("Land");
  const lands = el("div", { class: "row lands" }, ...perms.filter(isLand).map(permanent));
  const others = el("div", { class: "row creatures" }, ...perms.filter(id => !isLand(id)).map(permanent));
  const bf = el("div", { class: "battlefield" }, others, lands);
  const hand = mine
    ? el("div", { class: "row hand" }, ...z.hand.map(id => cardEl(id)))
    : el("div", { class: "row hand opp-hand" }, ...z.hand.map(id => cardEl(id)));
  return mine ? [bf, info, hand] : [hand, info, bf];
}

function zoneButton(p, zone, name) {
  const ids = msg.zones[p][zone];
  return el("button", { class: "zone-btn", dataset: { zone, player: p }, onclick: () => openZone(p, zone, name) }, `${name} ${ids.length}`);
}

function openZone(p, zone, name) {
  $("zone-title").textContent = `${msg.players[p].name}'s ${name.toLowerCase()}`;
  const ids = msg.zones[p][zone];
  $("zone-cards").replaceChildren(...(ids.length ? ids.slice().reverse().map(id => cardEl(id)) : [el("p", {}, "empty")]));
  $("zone-dialog").showModal();
  markOptions();
}

function cardEl(id) {
  const c = obj(id);
  const e = MTG.frame(c, false, ref => ref < 0 ? playerName(ref) : (obj(ref) || { name: "a card" }).name);
  e.addEventListener("mouseenter", () => zoom(c));
  e.addEventListener("mouseleave", () => zoom(null));
  e.addEventListener("click", ev => { ev.stopPropagation(); clickRef(id); });
  return e;
}

function permanent(id) {
  const wrap = el("div", { class: "perm" });
  const attached = msg.battlefield.filter(a => obj(a).attached_to === id);
  for (const a of attached) wrap.append(el("div", { class: "attached" }, cardEl(a)));
  wrap.append(cardEl(id));
  return wrap;
}

function stackItem(id) {
  const c = obj(id);
  const targets = (c.targets || []).filter(t => t !== null).map(t => t < 0 ? playerName(t) : (obj(t) ? obj(t).name : "a card"));
  return el("div", { class: "stack-item" }, cardEl(id),
    el("div", { class: "stack-info" }, `${msg.players[c.controller].name}`, targets.length ? el("div", { class: "targets" }, "→ " + targets.join(", ")) : null));
}

function zoom(card) {
  const z = $("zoom");
  if (!card) { z.replaceChildren(); z.classList.remove("on"); return; }
  z.replaceChildren(MTG.frame(card, true));
  z.classList.add("on");
}

let stickLog = true;      // the log follows the game unless its reader scrolled up
function renderLog() {
  const box = $("log");
  box.replaceChildren(...log.map(line => el("div", { class: "line" + (/turn \d+ begins/.test(line.text) ? " turn" : "") },
    line.rule ? el("a", { class: "cite", href: "#", dataset: { rule: line.rule }, onclick: ev => { ev.preventDefault(); showRule(line.rule); } }, `CR ${line.rule}`) : null,
    " ", line.text)));
  if (stickLog) box.scrollTop = box.scrollHeight;
}
// (only the reader's own scrolling decides: the board's redraws move the log too)
for (const kind of ["wheel", "pointerdown", "keyup", "touchmove"]) {
  $("log").addEventListener(kind, () => setTimeout(() => { const b = $("log"); stickLog = b.scrollTop + b.clientHeight >= b.scrollHeight - 30; }, 50));
}

async function showRule(number) {
  $("rule-title").textContent = `CR ${number}`;
  $("rule-text").textContent = "…";
  $("rule-dialog").showModal();
  const r = await fetch("/api/rules/" + encodeURIComponent(number));
  const data = await r.json();
  $("rule-text").textContent = data.text || data.error;
}

// -- the decision ---------------------------------------------------------------------------
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const MULTI_KINDS = ["attackers", "blockers", "order", "damage_assignment", "bottom", "discard"];

function optionButton(opt, i, onclick, extraClass) {
  return el("button", { class: "opt " + (extraClass || ""), dataset: { index: i }, onclick }, opt.label);
}

function renderDecision() {
  const box = $("decision");
  const d = msg.decision;
  box.dataset.kind = d ? d.kind : "";
  box.dataset.no = msg.decision_no;
  document.body.dataset.over = msg.over ? "1" : "";
  if (!d) {
    box.replaceChildren(el("div", { class: "prompt muted" }, msg.over ? "The game is over." : $("status").textContent || "Waiting…"));
    return;
  }
  const parts = [el("div", { class: "prompt" }, d.prompt)];
  const opts = d.options;
  const kind = d.kind;
  if (paying) {
    parts.push(el("div", { class: "hint" }, `Paying for: ${paying.label}. Click the permanents to tap for mana, then confirm (none chosen: the default payment).`));
    parts.push(el("div", { class: "chosen" }, paying.tap.length ? "Tap: " + paying.tap.map(id => obj(id).name).join(", ") : "nothing chosen"));
    parts.push(el("button", { class: "confirm", id: "confirm", onclick: confirm }, "Confirm payment"), el("button", { onclick: () => { paying = null; render(); } }, "Cancel"));
  } else if (kind === "priority") {
    const passIndex = opts.findIndex(o => o.value.action === "pass");
    const actions = opts.map((o, i) => i === passIndex ? null : optionButton(o, i, () => choosePriority(o)));
    parts.push(el("div", { class: "opts" }, ...actions));
    parts.push(el("button", { class: "pass confirm", id: "pass", onclick: () => answer({ action: "pass" }) }, "Pass priority (Space)"));
    parts.push(el("label", { class: "manual" }, el("input", { type: "checkbox", id: "manual-pay", checked: manualPay, onchange: ev => { manualPay = ev.target.checked; localStorage.setItem("mtg-manual-pay", manualPay ? "1" : "0"); } }), " pay mana manually"));
  } else if (kind === "mulligan") {
    parts.push(el("div", { class: "opts" }, el("button", { class: "opt confirm", onclick: () => answer(true) }, "Keep (Enter)"), el("button", { class: "opt", onclick: () => answer(false) }, "Mulligan")));
  } else if (kind === "yesno") {
    parts.push(el("div", { class: "opts" }, ...opts.map((o, i) => optionButton(o, i, () => answer(o.value)))));
  } else if (kind === "x" || (kind === "number" && !opts.length)) {
    const input = el("input", { type: "number", id: "number", min: d.info.min || 0, max: d.info.max ?? null, value: d.info.min || 0 });
    parts.push(el("div", {}, "X = ", input, d.info.max !== undefined ? ` (at most ${d.info.max})` : ""));
    parts.push(el("button", { class: "confirm", id: "confirm", onclick: confirm }, "Confirm (Enter)"));
  } else if (!opts.length) {
    const list = el("datalist", { id: "suggestions" }, ...(d.info.suggestions || []).slice(0, 200).map(s => el("option", { value: s })));
    parts.push(el("input", { type: "text", id: "text", list: "suggestions", maxlength: 200 }), list);
    parts.push(el("button", { class: "confirm", id: "confirm", onclick: confirm }, "Confirm (Enter)"));
  } else if (kind === "divide" || kind === "damage_assignment") {
    const total = d.info.total;
    parts.push(el("div", { class: "hint" }, total ? `Divide ${total} in all.` : "Assign the damage, each blocker lethal damage before the next (CR 510.1c) — or Enter: lethal damage in the order shown."));
    parts.push(el("div", { class: "amounts" }, ...opts.map((o, i) => el("label", { class: "amount" }, o.label + " ",
      el("input", { type: "number", min: 0, value: amounts[String(o.value)] ?? 0, dataset: { key: String(o.value) }, oninput: ev => { amounts[String(o.value)] = Number(ev.target.value); } })))));
    parts.push(el("button", { class: "confirm", id: "confirm", onclick: confirm }, "Confirm (Enter)"));
    if (kind === "damage_assignment") parts.push(el("button", { id: "in-order", onclick: () => answer(opts.filter(o => o.value >= 0).map(o => o.value)) }, "Lethal damage in this order"));
  } else if (kind === "blockers") {
    parts.push(el("div", { class: "hint" }, "Click one of your creatures, then the attacker it blocks (or the pairs below); then confirm."));
    parts.push(el("div", { class: "opts" }, ...opts.map((o, i) => optionButton(o, i, () => toggle(o.value), sel.some(s => same(s, o.value)) ? "on" : ""))));
    parts.push(el("button", { class: "confirm", id: "confirm", onclick: confirm }, sel.length ? `Declare ${sel.length} block(s) (Enter)` : "No blocks (Enter)"));
  } else if (kind === "attackers") {
    const defs = d.info.defenders || [];
    parts.push(el("div", { class: "hint" }, "Click the creatures to attack with, then confirm."));
    parts.push(el("div", { class: "opts" }, ...opts.map((o, i) => {
      const on = sel.some(s => same(s, o.value));
      const b = optionButton(o, i, () => toggle(o.value), on ? "on" : "");
      if (!on || defs.length < 2) return b;
      const pick = el("select", { onchange: ev => { defenders[o.value] = Number(ev.target.value); } },
        ...defs.map(df => el("option", { value: df, selected: (defenders[o.value] ?? defs[0]) === df }, df < 0 ? playerName(df) : (obj(df) || { name: "?" }).name)));
      return el("span", { class: "attacker" }, b, " → ", pick);
    })));
    parts.push(el("button", { class: "confirm", id: "confirm", onclick: confirm }, sel.length ? `Attack with ${sel.length} (Enter)` : "No attack (Enter)"));
  } else if (kind === "order" || d.multi || MULTI_KINDS.includes(kind)) {
    const ordered = kind === "order";
    parts.push(el("div", { class: "hint" }, ordered ? "Click them in the order you want." : rangeText(d)));
    parts.push(el("div", { class: "opts" }, ...opts.map((o, i) => {
      const at = sel.findIndex(s => same(s, o.value));
      return optionButton(o, i, () => toggle(o.value), at >= 0 ? "on" : "");
    })));
    if (ordered && sel.length) parts.push(el("div", { class: "chosen" }, "Order: " + sel.map(v => opts.find(o => same(o.value, v)).label).join(", ")));
    const sizes = d.info.sizes || null;
    const valid = ordered ? sel.length === opts.length : (sizes ? sizes.includes(sel.length) : sel.length >= d.min && sel.length <= d.max);
    parts.push(el("button", { class: "confirm", id: "confirm", onclick: confirm, disabled: !valid }, `Confirm ${sel.length} (Enter)`));
  } else {
    parts.push(el("div", { class: "opts" }, ...opts.map((o, i) => optionButton(o, i, () => answer(o.value)))));
  }
  box.replaceChildren(...parts);
  // the keys 1-9 press the buttons in the order shown
  box.querySelectorAll("button.opt").forEach((b, i) => { if (i < 9) b.prepend(el("kbd", { class: "n" }, i + 1), " "); });
}

function rangeText(d) {
  if (d.info.sizes) return `Choose ${d.info.sizes.join(" or ")}.`;
  return d.min === d.max ? `Choose ${d.min}.` : `Choose ${d.min} to ${d.max}.`;
}

function toggle(value) {
  const at = sel.findIndex(s => same(s, value));
  if (at >= 0) sel.splice(at, 1); else sel.push(value);
  render();
}

function choosePriority(o) {
  const act = o.value.action;
  if (manualPay && (act === "cast" || act === "activate") && !o.value.pay) {
    paying = { action: o.value, label: o.label, tap: [] };
    render();
    return;
  }
  answer(o.value);
}

function confirm() {
  const d = msg.decision;
  if (!d) return;
  if (paying) {
    const a = Object.assign({}, paying.action);
    if (paying.tap.length) a.pay = { tap: paying.tap };
    paying = null;
    answer(a);
    return;
  }
  const button = $("confirm");
  if (button && button.disabled) return;
  const kind = d.kind;
  if (kind === "damage_assignment" && !Object.values(amounts).some(Boolean)) { $("in-order").click(); return; }
  if (kind === "priority") { answer({ action: "pass" }); return; }
  if (kind === "mulligan") { answer(true); return; }
  if (kind === "x" || (kind === "number" && !d.options.length)) { answer(Number($("number").value)); return; }
  if (!d.options.length) { answer($("text").value); return; }
  if (kind === "divide" || kind === "damage_assignment") {
    const out = {};
    for (const o of d.options) out[String(o.value)] = Number(amounts[String(o.value)] || 0);
    answer(out);
    return;
  }
  if (kind === "attackers") {
    const defs = d.info.defenders || [];
    answer(defs.length < 2 ? sel : sel.map(a => [a, defenders[a] ?? defs[0]]));
    return;
  }
  if (kind === "blockers" || kind === "order" || d.multi || MULTI_KINDS.includes(kind)) { answer(sel); return; }
}

// A click on a card or a player: the option it stands for, when there is one.
function clickRef(ref) {
  const d = msg.decision;
  if (!d) return;
  if (paying) {
    const c = obj(ref);
    if (!c || c.zone !== "battlefield" || c.controller !== msg.you) return;
    const at = paying.tap.indexOf(ref);
    if (at >= 0) paying.tap.splice(at, 1); else paying.tap.push(ref);
    render();
    return;
  }
  const matching = d.options.filter(o => o.refs.includes(ref));
  if (d.kind === "blockers") {
    const c = obj(ref);
    if (c && c.controller === msg.you) { pendingBlocker = ref; render(); return; }
    if (pendingBlocker !== null) {
      const pair = [pendingBlocker, ref];
      if (d.options.some(o => same(o.value, pair))) { pendingBlocker = null; toggle(pair); }
    }
    return;
  }
  if (!matching.length) return;
  if (d.kind === "priority") {
    if (matching.length === 1) { choosePriority(matching[0]); return; }
    showMenu(ref, matching);
    return;
  }
  if (d.kind === "divide" || d.kind === "damage_assignment") return;
  if (d.kind === "order" || d.kind === "attackers" || d.multi || MULTI_KINDS.includes(d.kind)) { toggle(matching[0].value); return; }
  answer(matching[0].value);
}

function showMenu(ref, options) {
  const node = document.querySelector(`.card[data-id="${ref}"]`);
  closeMenu();
  const menu = el("div", { class: "menu", id: "menu" }, ...options.map(o => el("button", { class: "opt", onclick: ev => { ev.stopPropagation(); closeMenu(); choosePriority(o); } }, o.label)));
  document.body.append(menu);
  const r = node ? node.getBoundingClientRect() : { left: 100, bottom: 100 };
  menu.style.left = `${r.left + window.scrollX}px`;
  menu.style.top = `${r.bottom + window.scrollY}px`;
}

function closeMenu() { const m = $("menu"); if (m) m.remove(); }

// which cards and players the pending decision lets one click, and which are chosen
function markOptions() {
  document.querySelectorAll(".selectable, .chosen-ref, .pending-blocker").forEach(e => e.classList.remove("selectable", "chosen-ref", "pending-blocker"));
  const d = msg && msg.decision;
  if (!d) return;
  const refs = new Set();
  if (paying) {
    msg.battlefield.filter(id => obj(id).controller === msg.you && !obj(id).tapped).forEach(id => refs.add(id));
  } else {
    for (const o of d.options) for (const r of o.refs) refs.add(r);
  }
  const chosen = new Set(paying ? paying.tap : sel.flatMap(v => Array.isArray(v) ? v : [v]));
  document.querySelectorAll(".card[data-id], .player[data-ref]").forEach(e => {
    const id = Number(e.dataset.id ?? e.dataset.ref);
    if (refs.has(id)) e.classList.add("selectable");
    if (chosen.has(id)) e.classList.add("chosen-ref");
    if (id === pendingBlocker) e.classList.add("pending-blocker");
  });
}

document.addEventListener("click", ev => {
  closeMenu();
  const p = ev.target.closest(".player[data-ref]");
  if (p && !ev.target.closest("button")) clickRef(Number(p.dataset.ref));
});

document.addEventListener("keydown", ev => {
  if (ev.target.tagName === "INPUT" && ev.key !== "Enter") return;
  if (document.querySelector("dialog[open]")) return;
  const d = msg && msg.decision;
  if (ev.key === "Escape") { sel = []; amounts = {}; paying = null; pendingBlocker = null; closeMenu(); if (msg) render(); return; }
  if ((ev.key === "z" || ev.key === "Z") && msg && msg.can_undo) { send({ type: "undo" }); return; }
  if (!d) return;
  if (ev.key === " " && d.kind === "priority" && !paying) { ev.preventDefault(); answer({ action: "pass" }); return; }
  if (ev.key === "Enter") { ev.preventDefault(); confirm(); return; }
  if (/^[1-9]$/.test(ev.key) && ev.target.tagName !== "INPUT") {
    const b = document.querySelectorAll("#decision button.opt")[Number(ev.key) - 1];
    if (b) b.click();
  }
});

$("undo").addEventListener("click", () => send({ type: "undo" }));
if (!token) { $("conn").textContent = "no seat token: open the game from the lobby or its link"; }
else connect();
