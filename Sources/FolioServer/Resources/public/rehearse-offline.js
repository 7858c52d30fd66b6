// Rehearsal on this device (/monologues/rehearse/offline): a favourite's rehearsal as the online
// one runs it — the line asked from its cue with fading help, a typed line checked, a rating that
// says when the line comes back — run here with the server's own rules (public/rules) from what
// the favourite's rehearse page left on the device. Without a connection the service worker
// answers a favourite's rehearse and check addresses with this page, so the address is the
// online one and Back, Forward and reload behave as they do online. Each rating is kept on the
// device at once (rehearsal-offline-data.js) and sent when the device is online.

import { checkLine, showLine } from "./rules/drill-check.js";
import { plan, prompt, promptLabel, proposedRating, rated } from "./rules/rehearsal.js";
import { scheduler as makeScheduler } from "./rules/fsrs.js";
import { RATINGS, clock, interval, plural, ratingButtons, sendOnReturn } from "./offline-ui.js";
import { deviceRehearsal } from "./rehearsal-offline-data.js";

const root = document.getElementById("offline-rehearsal");
const $ = (id) => document.getElementById(id);
const account = root.dataset.account;
const device = deviceRehearsal(account, root.dataset.sync);

// The route patterns, as the server names them ("/monologues/favourites/{id}/rehearse"…).
const pattern = (template) => new RegExp("^" + template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace("{id}", "([^/]+)") + "/?$");
const REHEARSE = pattern(root.dataset.rehearse);
const CHECK = pattern(root.dataset.check);
const address = (template, id) => template.replace("{id}", encodeURIComponent(id));

let status = { error: null };
// A tap that lands as the page changes is not a rating (the online form's data-settle).
let settledAt = 0;

/** What the address asks for: a favourite's next line, a checked line, or the list of favourites kept. */
function where() {
  const path = location.pathname;
  const decode = (part) => { try { return decodeURIComponent(part); } catch (error) { return part; } };
  let found = CHECK.exec(path);
  if (found) {
    const query = new URLSearchParams(location.search);
    return { id: decode(found[1]), check: { line: Number(query.get("line")), answer: query.get("answer") || "" } };
  }
  found = REHEARSE.exec(path);
  return found ? { id: decode(found[1]) } : {};
}

function show(section) {
  for (const id of ["offline-rehearse-list", "offline-rehearse-missing", "offline-rehearse"]) $(id).hidden = id !== section;
}

function renderStatus() {
  const state = device.read();
  const offline = navigator.onLine === false;
  const parts = [offline ? "Offline: rehearsing from this device."
    : status.error === "offline" ? "Folio cannot be reached: rehearsing from this device." : "Rehearsing on this device."];
  if (state.queue.length > 0) parts.push(`${plural(state.queue.length, "line")} waiting to sync.`);
  else if (Object.keys(state.packs).length > 0) parts.push("Everything is synced.");
  if (state.lastSync) parts.push(`Last synced at ${clock(state.lastSync)}.`);
  if (state.notKept) {
    const { favourite, cut } = state.notKept;
    if (favourite) parts.push(`${plural(favourite, "line")} rehearsed here ${favourite === 1 ? "was" : "were"} not kept: the speech is no longer among your favourites.`);
    if (cut) parts.push(`${plural(cut, "line")} rehearsed here ${cut === 1 ? "was" : "were"} not kept: the line is no longer in your cut.`);
  }
  if (status.error === "signed-out") parts.push("Log in again to send your lines: they stay on this device until then.");
  else if (status.error === "other-account") parts.push("These lines were rehearsed on this device by another account: log in as it to send them.");
  else if (status.error && status.error !== "offline") parts.push(status.error);
  $("rehearse-sync-status").textContent = parts.join(" ");
}

function renderList(state) {
  show("offline-rehearse-list");
  const packs = Object.values(state.packs).sort((a, b) => b.keptAt - a.keptAt);
  $("offline-rehearse-none").hidden = packs.length > 0;
  $("offline-rehearse-favourites").replaceChildren(...packs.map((pack) => {
    const item = document.createElement("li");
    const link = Object.assign(document.createElement("a"), { href: address(root.dataset.rehearse, pack.monologueId), textContent: pack.title });
    item.append(link, document.createTextNode(pack.title.startsWith(pack.character) ? ` · ${pack.play}` : ` · ${pack.character}, ${pack.play}`));
    return item;
  }));
}

/** When each rating would bring `line` back, rated at `now`. */
function dues(line, now, scheduler) {
  return RATINGS.map(([value]) => rated(line, value, now, scheduler).card.due);
}

function renderRehearsal(state, id, check) {
  const pack = state.packs[id];
  document.title = `Rehearse ${pack.title} · Folio`;
  const heading = document.querySelector("h1.page-title");
  if (heading) heading.textContent = `Rehearse ${pack.title}`;
  show("offline-rehearse");
  $("rehearse-character").textContent = pack.character;
  $("rehearse-play").textContent = pack.play;
  const draft = editorDraft(id);
  $("rehearse-draft").hidden = !draft;

  const now = Date.now();
  const lines = device.linesOf(state, id);
  const scheduler = makeScheduler(pack.scheduler);
  const where = plan(lines, now, pack.learnAheadSeconds * 1000);
  const summary = `Word-perfect on ${where.wordPerfect} of ${plural(where.lines, "line")}.`;
  const counts = [where.due > 0 ? `${where.due} due` : null, where.new > 0 ? `${where.new} new` : null].filter(Boolean).join(", ");
  $("rehearse-progress").textContent = summary + (counts ? " " : "");
  if (counts) $("rehearse-progress").append(Object.assign(document.createElement("span"), { className: "hint", textContent: `(${counts})` }));
  $("rehearse-meter").max = Math.max(lines.length, 1);
  $("rehearse-meter").value = where.wordPerfect;

  const checked = check && lines[check.line - 1];
  const asked = checked ? null : where.next;
  $("offline-asking").hidden = !asked;
  $("offline-checked").hidden = !checked;
  $("rehearse-card").hidden = !asked && !checked;
  if (asked) renderAsking(asked, lines.length, now, scheduler);
  if (checked) renderChecked(checked, check.answer, lines.length, now, scheduler);
  const rest = !asked && !checked;
  $("rehearse-rest").hidden = !rest;
  if (rest) {
    $("rehearse-rest").textContent = lines.length === 0 ? "This cut has no spoken lines to learn."
      : where.nextDue !== null ? `Nothing to rehearse now. The next line comes back ${interval(now, where.nextDue).inWords}.` : "Nothing to rehearse now.";
  }
  $("rehearse-lines").hidden = lines.length === 0;
  $("rehearse-line-list").replaceChildren(...lines.map((line) => {
    const item = document.createElement("li");
    const due = line.progress && line.progress.card.due;
    item.textContent = !line.progress ? "new" : due <= now ? "due now" : `next ${interval(now, due).inWords}`;
    if (line.progress && line.progress.wordPerfect) {
      item.append(" · ", Object.assign(document.createElement("strong"), { textContent: "word-perfect" }));
    }
    return item;
  }));
  settledAt = performance.now();
}

function renderAsking(line, total, now, scheduler) {
  const rung = prompt(line.progress ? line.progress.help : 0);
  $("rehearse-position").textContent = `Line ${line.number} of ${total}${line.progress ? "" : " · new"} · ${promptLabel(rung)}`;
  $("rehearse-cue-label").hidden = !line.cue;
  $("rehearse-cue").textContent = line.cue || "The speech begins.";
  $("rehearse-cue").classList.toggle("hint", !line.cue);
  const shown = showLine(rung, line.text);
  $("rehearse-prompt").hidden = rung.kind === "none";
  $("rehearse-prompt").textContent = shown;
  $("rehearse-prompt").setAttribute("aria-label", `Help: ${promptLabel(rung)}`);
  $("rehearse-form").dataset.line = String(line.number);
  $("rehearse-answer").value = "";
  $("rehearse-line").textContent = line.text;
  $("rehearse-aloud").open = false;
  $("aloud-ratings").replaceChildren(...ratingButtons(dues(line, now, scheduler), now, null));
  $("aloud-ratings").dataset.line = String(line.number);
  $("aloud-ratings").dataset.stamp = String((line.progress && line.progress.card.lastReview) || 0);
}

function renderChecked(line, answer, total, now, scheduler) {
  const result = checkLine(answer, line.text);
  const proposed = proposedRating(result.verdict);
  $("checked-position").textContent = `Line ${line.number} of ${total}`;
  const verdict = $("rehearse-verdict");
  verdict.textContent = result.label;
  verdict.className = `verdict verdict-${result.verdict === "exact" ? "right" : result.verdict === "close" ? "almost" : "wrong"}`;
  verdict.dataset.verdict = result.verdict;
  $("checked-cue-label").hidden = $("checked-cue").hidden = !line.cue;
  $("checked-cue").textContent = line.cue;
  const typed = answer.trim() ? answer : "";
  $("rehearse-typed").replaceChildren(typed ? document.createTextNode(typed) : Object.assign(document.createElement("em"), { textContent: "nothing" }));
  $("rehearse-expected").textContent = line.text;
  $("slips-label").hidden = $("rehearse-slips").hidden = result.slips.length === 0;
  $("rehearse-slips").replaceChildren(Object.assign(document.createElement("ul"), { className: "plain-list" }));
  for (const slip of result.slips) $("rehearse-slips").firstChild.append(Object.assign(document.createElement("li"), { textContent: slip }));
  $("rating-hint").textContent = `The check suggests ${RATINGS[proposed - 1][1]}; choose another if you disagree. Each button says when this line comes back.`;
  const current = String((line.progress && line.progress.card.lastReview) || 0);
  const stamp = String((history.state && history.state.stamp) ?? current);
  // Back to a line rated since it was checked: it says so, as there is nothing left to rate.
  const already = stamp !== current;
  $("checked-rating").hidden = already;
  $("checked-already").hidden = !already;
  if (already) {
    $("checked-already-text").textContent = `Already rated: this line comes back ${interval(now, line.progress.card.due).inWords}.`;
    $("checked-next").href = address(root.dataset.rehearse, where().id);
    return;
  }
  const buttons = ratingButtons(dues(line, now, scheduler), now, proposed);
  $("checked-ratings").replaceChildren(...buttons);
  $("checked-ratings").dataset.line = String(line.number);
  $("checked-ratings").dataset.stamp = stamp;
  const chosen = $("checked-ratings").querySelector(".proposed");
  if (chosen) chosen.focus({ preventScroll: true });
}

/** A change to the favourite's cut made in its editor without a connection and not yet saved. */
function editorDraft(id) {
  try {
    const draft = JSON.parse(localStorage.getItem(`folio-editor-draft:${account}:${address(root.dataset.edit, id)}`));
    return draft && draft.waiting ? draft : null;
  } catch (error) {
    return null;
  }
}

function render() {
  const state = device.read();
  renderStatus();
  const { id, check } = where();
  if (id === undefined) return renderList(state);
  if (!state.packs[id]) {
    show("offline-rehearse-missing");
    $("offline-rehearse-online").href = address(root.dataset.rehearse, id);
    return;
  }
  renderRehearsal(state, id, check);
}

// MARK: What the actor does

$("rehearse-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const { id } = where();
  const number = Number($("rehearse-form").dataset.line);
  const lines = device.linesOf(device.read(), id) || [];
  const line = lines[number - 1];
  if (!line) return render();
  // A page of its own, as online: Back returns to the line asked, reload checks it again.
  const query = new URLSearchParams({ line: String(number), answer: $("rehearse-answer").value });
  history.pushState({ stamp: (line.progress && line.progress.card.lastReview) || 0 }, "", `${address(root.dataset.check, id)}?${query}`);
  render();
  window.scrollTo(0, 0);
});

function onRating(event) {
  const button = event.target.closest("button[data-rating]");
  if (!button || performance.now() - settledAt < 400) return;
  const holder = event.currentTarget;
  const { id } = where();
  const number = Number(holder.dataset.line);
  const line = (device.linesOf(device.read(), id) || [])[number - 1];
  // Back to a line rated since it was checked, or a second tap: the first rating stands, as online.
  const current = String((line && line.progress && line.progress.card.lastReview) || 0);
  if (line && current === holder.dataset.stamp) {
    for (const other of holder.querySelectorAll("button")) other.disabled = true;
    device.rate(id, number, Number(button.dataset.rating));
  }
  history.pushState(null, "", address(root.dataset.rehearse, id));
  render();
  window.scrollTo(0, 0);
  sendWaiting();
}
$("aloud-ratings").addEventListener("click", onRating);
// A line is one line: Return checks it.
sendOnReturn($("rehearse-answer"));
$("checked-ratings").addEventListener("click", onRating);
$("checked-next").addEventListener("click", (event) => {
  event.preventDefault();
  history.pushState(null, "", $("checked-next").href);
  render();
  window.scrollTo(0, 0);
});
window.addEventListener("popstate", render);
// Back to this page from the browser's page cache runs no script again: it is drawn afresh here.
window.addEventListener("pageshow", (event) => { if (event.persisted) render(); });

// MARK: Sending

async function sendWaiting() {
  if (navigator.onLine === false || device.read().queue.length === 0) return renderStatus();
  const result = await device.sync();
  status.error = result.error || null;
  renderStatus();
}

window.addEventListener("online", () => { status.error = null; sendWaiting(); });
window.addEventListener("offline", renderStatus);
render();
sendWaiting();
