// Shared by the lobby and the board: the browser's own list of games (id, token per seat) and
// card frames drawn as text. No build step: plain ES2020, loaded as it is.
"use strict";

const MTG = {};

MTG.myGames = function () {
  try { return JSON.parse(localStorage.getItem("mtg-games") || "[]"); } catch (e) { return []; }
};

MTG.remember = function (entry) {
  const games = MTG.myGames().filter(g => !(g.id === entry.id && g.token === entry.token));
  games.unshift(entry);
  localStorage.setItem("mtg-games", JSON.stringify(games.slice(0, 100)));
};

MTG.el = function (tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
};

// "{2}{W}{U/P}" as mana symbols
MTG.symbols = function (text) {
  const out = MTG.el("span", { class: "cost" });
  if (!text) return out;
  for (const m of text.matchAll(/\{([^}]+)\}/g)) {
    const s = m[1];
    const cls = s.length === 1 && "WUBRGCSX".includes(s) ? "sym-" + s : (/^\d+$/.test(s) ? "sym-N" : "sym-H");
    out.append(MTG.el("span", { class: "sym " + cls, title: "{" + s + "}" }, s.replace("/", "")));
  }
  return out;
};

// rules text with its mana symbols drawn
MTG.rulesText = function (text) {
  const out = MTG.el("div", { class: "text" });
  for (const para of (text || "").split("\n")) {
    const p = MTG.el("p");
    let last = 0;
    for (const m of para.matchAll(/\{[^}]+\}/g)) {
      p.append(para.slice(last, m.index));
      p.append(MTG.symbols(m[0]));
      last = m.index + m[0].length;
    }
    p.append(para.slice(last));
    out.append(p);
  }
  return out;
};

MTG.colorClass = function (card) {
  if (card.hidden) return "c-hidden";
  if (card.ability) return "c-ability";
  const colors = card.colors || [];
  if ((card.types || []).includes("Land")) return "c-land";
  if (colors.length > 1) return "c-multi";
  if (colors.length === 1) return "c-" + colors[0];
  return "c-colorless";
};

// A card as a text frame: name and cost, type line, rules text, P/T or loyalty; ``full``: all
// of its text (the hover view), else the board's compact one.
MTG.frame = function (card, full, nameOf) {
  nameOf = nameOf || (ref => `#${ref}`);
  const cls = ["card", MTG.colorClass(card)];
  if (full) cls.push("full");
  if (card.tapped) cls.push("tapped");
  if (card.sick) cls.push("sick");
  if (card.hidden) cls.push("hidden");
  const e = MTG.el("div", { class: cls.join(" "), dataset: { id: card.id } });
  if (card.hidden) {
    e.append(MTG.el("div", { class: "back" }, card.face_down ? "face down" : ""));
    if (card.pt) e.append(MTG.el("div", { class: "pt" }, card.pt));
    return e;
  }
  e.append(MTG.el("div", { class: "title" }, MTG.el("span", { class: "name" }, card.name), MTG.symbols(card.cost)));
  e.append(MTG.el("div", { class: "type" }, card.type_line || ""));
  e.append(MTG.rulesText(card.text));
  const badges = MTG.el("div", { class: "badges" });
  if (card.face_down) badges.append(MTG.el("span", { class: "badge fd" }, "face down"));
  if (card.token) badges.append(MTG.el("span", { class: "badge" }, "token"));
  if (card.sick && (card.types || []).includes("Creature")) badges.append(MTG.el("span", { class: "badge sick", title: "summoning sick (CR 302.6)" }, "sick"));
  for (const [k, n] of Object.entries(card.counters || {})) badges.append(MTG.el("span", { class: "badge counter" }, `${n} ${k}`));
  if (card.damage) badges.append(MTG.el("span", { class: "badge dmg" }, `${card.damage} dmg`));
  if (card.attacking !== null && card.attacking !== undefined) badges.append(MTG.el("span", { class: "badge atk", title: "attacking " + nameOf(card.attacking) }, "attacking"));
  if (card.blocking && card.blocking.length) badges.append(MTG.el("span", { class: "badge blk", title: "blocking " + card.blocking.map(nameOf).join(", ") }, "blocks " + card.blocking.map(nameOf).join(", ")));
  if (card.attached_to !== null && card.attached_to !== undefined) badges.append(MTG.el("span", { class: "badge", title: "attached to " + nameOf(card.attached_to) }, "on " + nameOf(card.attached_to)));
  if (card.x) badges.append(MTG.el("span", { class: "badge" }, `X=${card.x}`));
  if (badges.childElementCount) e.append(badges);
  const corner = card.loyalty !== null && card.loyalty !== undefined && !card.pt ? `◆${(card.counters || {}).loyalty ?? card.loyalty}` : card.pt;
  if (corner) e.append(MTG.el("div", { class: "pt" }, corner));
  if (full && card.faces) {
    for (const f of card.faces) {
      e.append(MTG.el("div", { class: "face" }, MTG.el("div", { class: "title" }, MTG.el("span", { class: "name" }, f.name), MTG.symbols(f.cost)),
        MTG.el("div", { class: "type" }, f.type_line), MTG.rulesText(f.text)));
    }
  }
  return e;
};

MTG.post = async function (url, body) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  let data;
  try { data = await r.json(); } catch (e) { data = { error: `the server answered ${r.status}` }; }
  if (!r.ok && !data.error) data.error = `the server answered ${r.status}`;
  return data;
};
