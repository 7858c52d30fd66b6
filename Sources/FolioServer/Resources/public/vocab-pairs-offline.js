// Translations on this device (/vocab/offline): every pair of the account, listed, searched,
// added to, edited and deleted here with or without a connection (vocab-pairs-data.js keeps them
// and sends the changes). Without a connection the service worker answers the list (/vocab), a
// new pair (/vocab/new) and a pair's pages (/vocab/pairs/12, /vocab/pairs/12/edit) with this
// page, which shows what the address asks for; inside it, views are the address's #fragment, so
// Back, Forward and reload behave as between the online pages.

import { clock, plural } from "./offline-ui.js";
import { devicePairs, pairName } from "./vocab-pairs-data.js";

const root = document.getElementById("offline-pairs");
const $ = (id) => document.getElementById(id);
const device = devicePairs(root.dataset.account, { pairs: root.dataset.pairs, sync: root.dataset.sync });

/** Pairs shown at a time; "Show more" adds as many. 25,000 rows at once would take seconds on a phone. */
const PAGE = 50;

let shown = { pairs: [], kept: false };
let limit = PAGE;
let status = { error: null, syncing: false };
// Each pair's searchable text, folded once per copy of the list rather than on every key press.
let folded = new Map();

/** As the server's search: case and accents ignored ("gwr" finds "gŵr"). */
function fold(text) {
  return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

// Made once: `localeCompare` with options builds a collator on every call, 375,000 calls to sort
// 25,000 pairs.
const english = new Intl.Collator("en", { sensitivity: "base" });
const welsh = new Intl.Collator("cy", { sensitivity: "base" });

function byEnglishThenWelsh(a, b) {
  return english.compare(a.english || "", b.english || "") || welsh.compare(a.welsh || "", b.welsh || "");
}

async function load() {
  shown = await device.pairs();
  shown.pairs.sort(byEnglishThenWelsh);
  folded = new Map(shown.pairs.map((pair) => [pair, fold(pair.english) + "\n" + fold(pair.welsh)]));
}

// MARK: Which view the address asks for

/**
 * {view: "list"} | {view: "add"} | {view: "edit", key}: from the fragment (#list, #add, #pair/12),
 * else from the path the worker answered for.
 */
function wanted() {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash === "add") return { view: "add" };
  const pair = /^pair\/(\d+|new-[A-Za-z0-9_-]+)$/.exec(hash);
  if (pair) return { view: "edit", key: pair[1] };
  if (hash) return { view: "list" };
  if (/^\/vocab\/new\/?$/.test(location.pathname)) return { view: "add" };
  const path = /^\/vocab\/pairs\/(\d+)(\/edit)?\/?$/.exec(location.pathname);
  if (path) return { view: "edit", key: path[1] };
  return { view: "list" };
}

function find(key) {
  return shown.pairs.find((pair) => String(pair.id) === String(key)) || null;
}

// MARK: Drawing

function renderStatus() {
  const state = device.read();
  const waiting = state.queue.length;
  const parts = [];
  if (!shown.kept && waiting === 0) {
    parts.push(status.error === "offline" || navigator.onLine === false
      ? "Your pairs have not been kept on this device yet: open Translations once with a connection."
      : "Getting your pairs…");
  } else {
    parts.push((navigator.onLine === false ? "You are offline: " : "") + plural(shown.pairs.length, "pair") + " on this device");
  }
  if (waiting) parts.push(`${plural(waiting, "change")} waiting to sync`);
  else if (state.lastSync) parts.push(`all changes synced, last at ${clock(state.lastSync)}`);
  if (status.syncing) parts.push("syncing…");
  else if (status.error === "signed-out") parts.push("log in to sync");
  else if (status.error === "other-account") parts.push("these changes were made by another account: log in as it to send them");
  else if (status.error && status.error !== "offline" && status.error !== "waiting") parts.push(status.error);
  else if (waiting && navigator.onLine === false) parts.push("they go when the device is online");
  // The browser thinks it is online, but the server did not answer.
  else if (waiting && status.error === "offline") parts.push("the server could not be reached: they go on the next try");
  $("pairs-sync-status").textContent = parts.join(" · ") + ".";
  const notes = state.notes || [];
  $("pairs-notes").hidden = notes.length === 0;
  $("pairs-notes-list").replaceChildren(...notes.map(noteItem));
}

/** A note of what the server did not take; a pair it refused can be added again, as it was typed. */
function noteItem(note) {
  const item = Object.assign(document.createElement("li"), { textContent: note.text });
  if (note.pair) {
    const again = Object.assign(document.createElement("button"), { type: "button", className: "secondary small", textContent: "Put it right" });
    again.addEventListener("click", () => {
      refused = note;
      $("pairs-form").dataset.view = "";
      if (location.hash === "#add") render();
      else location.hash = "add";
    });
    item.append(" ", again);
  }
  return item;
}

/** A line about what was just done here ("Added on this device: …"), until the next. */
function flash(message) {
  $("pairs-flash").textContent = message;
  $("pairs-flash").hidden = !message;
}

function renderList() {
  const query = fold($("pairs-search").value.trim());
  const tag = $("pairs-tag").value.toLowerCase();
  const tags = new Map();
  for (const pair of shown.pairs) for (const name of pair.tags || []) if (!tags.has(name.toLowerCase())) tags.set(name.toLowerCase(), name);
  const options = Array.from(tags.values()).sort(english.compare);
  const select = $("pairs-tag");
  const chosen = select.value;
  select.replaceChildren(new Option("All tags", ""), ...options.map((name) => new Option(name, name)));
  select.value = options.some((name) => name === chosen) ? chosen : "";
  const matching = shown.pairs.filter((pair) => (!query || folded.get(pair).includes(query))
    && (!tag || (pair.tags || []).some((name) => name.toLowerCase() === tag)));
  $("pairs-count").textContent = query || tag ? `${plural(matching.length, "pair")} of ${shown.pairs.length}` : plural(matching.length, "pair");
  $("pairs-list").replaceChildren(...matching.slice(0, limit).map(row));
  const nothing = shown.pairs.length > 0 && matching.length === 0;
  $("pairs-none").hidden = !nothing;
  if (nothing) $("pairs-none").textContent = `No pair matches${query ? ` “${$("pairs-search").value.trim()}”` : ""}${tag ? ` with the tag ${$("pairs-tag").value}` : ""}.`;
  $("pairs-more").hidden = matching.length <= limit;
  $("pairs-more").textContent = `Show more (${matching.length - limit} left)`;
}

function row(pair) {
  const item = document.createElement("li");
  item.className = "pair";
  const link = Object.assign(document.createElement("a"), { className: "pair-link card", href: "#pair/" + encodeURIComponent(pair.id) });
  const title = Object.assign(document.createElement("span"), { className: "card-title" });
  if (pair.english) title.append(Object.assign(document.createElement("span"), { lang: "en", textContent: pair.english }));
  if (pair.english && pair.welsh) {
    const dash = Object.assign(document.createElement("span"), { className: "pair-dash", textContent: "—" });
    dash.setAttribute("aria-hidden", "true");
    title.append(dash);
  }
  if (pair.welsh) title.append(Object.assign(document.createElement("span"), { lang: "cy", textContent: pair.welsh }));
  link.append(title);
  const meta = [pair.type, (pair.tags || []).join(", "), pair.waiting ? "waiting to sync" : ""].filter(Boolean);
  if (meta.length) link.append(Object.assign(document.createElement("span"), { className: "pair-meta", textContent: meta.join(" · ") }));
  item.append(link);
  return item;
}

/** A pair the server refused, being put right in the add form (its note goes once it is added again). */
let refused = null;

function renderEdit(pair) {
  const isNew = !pair;
  $("pairs-edit-heading").textContent = isNew ? "New pair" : "Edit pair";
  $("pairs-save").textContent = isNew ? "Add pair" : "Save changes";
  $("pairs-danger").hidden = isNew;
  $("pairs-edit-errors").hidden = true;
  const form = $("pairs-form");
  form.dataset.key = isNew ? "" : String(pair.id);
  form.elements.english.value = isNew ? "" : pair.english || "";
  form.elements.welsh.value = isNew ? "" : pair.welsh || "";
  form.elements.note.value = isNew ? "" : pair.note || "";
  form.elements.type.value = isNew ? "" : pair.type || "";
  form.elements.tags.value = isNew ? "" : (pair.tags || []).join(", ");
  const from = isNew && refused ? refused.pair : null;
  if (from) {
    for (const name of ["english", "welsh", "note", "type"]) form.elements[name].value = from[name] || "";
    form.elements.tags.value = (from.tags || []).join(", ");
  }
  // What was being typed here before a reload comes back.
  const draft = readDraft(form.dataset.view);
  if (draft) for (const [name, value] of Object.entries(draft)) if (form.elements[name]) form.elements[name].value = value;
}

// A form being typed is kept for this tab, so that a reload does not lose it.
const DRAFT = "folio-pairs-draft";

function readDraft(view) {
  try {
    const draft = JSON.parse(sessionStorage.getItem(DRAFT));
    return draft && draft.view === view ? draft.fields : null;
  } catch (error) {
    return null;
  }
}

function keepDraft() {
  const form = $("pairs-form");
  const fields = {};
  for (const name of ["english", "welsh", "note", "type", "tags"]) fields[name] = form.elements[name].value;
  try { sessionStorage.setItem(DRAFT, JSON.stringify({ view: form.dataset.view, fields })); } catch (error) { /* nothing kept */ }
}

function dropDraft() {
  try { sessionStorage.removeItem(DRAFT); } catch (error) { /* nothing kept */ }
}

function render() {
  renderStatus();
  let view = wanted();
  // A pair added here and since sent goes by the id the server gave it.
  const renamed = view.view === "edit" && /^new-/.test(view.key) && !find(view.key) ? device.renamed(view.key) : null;
  if (renamed != null) {
    history.replaceState(null, "", "#pair/" + renamed);
    view = { view: "edit", key: String(renamed) };
    $("pairs-form").dataset.key = String(renamed);
    $("pairs-form").dataset.view = "pair/" + renamed;
  }
  const pair = view.view === "edit" ? find(view.key) : null;
  // A pair deleted meanwhile (here, or by a sync) or never kept: the list, which says so.
  if (view.view === "edit" && !pair && shown.kept) {
    history.replaceState(null, "", "#list");
    flash("That pair is not on this device: it was deleted, or added since the pairs were last kept here.");
  }
  const editing = view.view === "add" || (view.view === "edit" && pair);
  $("pairs-list-view").hidden = !!editing;
  $("pairs-edit-view").hidden = !editing;
  if (editing) {
    // Drawn afresh only when the view changes: what is being typed is never overwritten by a sync.
    const key = view.view === "add" ? "add" : "pair/" + view.key;
    if ($("pairs-form").dataset.view !== key) {
      $("pairs-form").dataset.view = key;
      renderEdit(pair);
    }
  } else {
    $("pairs-form").dataset.view = "";
    renderList();
  }
}

// MARK: Changing

// A second tap (or Return) while a save is being kept is not a second pair.
let saving = false;

function save(event) {
  event.preventDefault();
  if (saving) return;
  const form = $("pairs-form");
  const pair = {
    english: form.elements.english.value.trim(), welsh: form.elements.welsh.value.trim(),
    note: form.elements.note.value.trim(), type: form.elements.type.value.trim().toLowerCase(),
    tags: form.elements.tags.value.split(",").map((tag) => tag.trim()).filter(Boolean),
  };
  // As the server says it (Pair.Problem); anything else it refuses comes back as a note.
  const problem = !pair.english && !pair.welsh ? "fill in the English, the Welsh or both."
    : pair.tags.length > MAXIMUM_TAGS ? `there are ${pair.tags.length} tags; the limit is ${MAXIMUM_TAGS}. Remove ${pair.tags.length - MAXIMUM_TAGS}.`
    : null;
  if (problem) {
    const errors = $("pairs-edit-errors");
    errors.textContent = "The pair was not saved: " + problem;
    errors.hidden = false;
    (pair.english || pair.welsh ? form.elements.tags : form.elements.english).focus();
    return;
  }
  const key = form.dataset.key;
  let message;
  if (key) {
    // Only what was changed here goes: a field changed meanwhile on another device keeps its change.
    const before = find(key) || {};
    const fields = ["english", "welsh", "note", "type"].filter((name) => (before[name] || "") !== pair[name]);
    if ((before.tags || []).join("\n").toLowerCase() !== pair.tags.join("\n").toLowerCase()) fields.push("tags");
    if (fields.length === 0) {
      dropDraft();
      history.replaceState(null, "", "#list");
      render();
      flash("Nothing was changed.");
      return;
    }
    device.change("edit", key, pair, null, fields);
    message = `Saved on this device: ${pairName(pair)}.`;
  } else {
    device.change("add", null, pair);
    if (refused) device.dismissNote(refused.id);
    refused = null;
    message = `Added on this device: ${pairName(pair)}.`;
  }
  saving = true;
  dropDraft();
  afterChange(message).finally(() => { saving = false; });
}

/** As the server's `Pair.maximumTags`. */
const MAXIMUM_TAGS = 20;

function remove() {
  const key = $("pairs-form").dataset.key;
  const pair = find(key);
  if (!pair || !window.confirm("Delete this pair and its revision history?")) return;
  device.change("delete", key, null, pairName(pair));
  dropDraft();
  afterChange(`Deleted on this device: ${pairName(pair)}.`);
}

async function afterChange(message) {
  await load();
  // Back from the list returns to the list, not to a form already sent.
  history.replaceState(null, "", "#list");
  render();
  flash(message);
  sendWaiting();
}

// A change made while a sync runs goes once it ends.
let sendAgain = false;

async function sendWaiting() {
  if (status.syncing) {
    sendAgain = true;
    return;
  }
  status.syncing = true;
  renderStatus();
  const result = await device.sync();
  status.error = result.error || null;
  if (!result.error) {
    const refreshed = await device.refresh();
    if (refreshed.error && refreshed.error !== "waiting") status.error = refreshed.error;
  }
  status.syncing = false;
  await load();
  render();
  if (sendAgain && !status.error) {
    sendAgain = false;
    await sendWaiting();
  }
  sendAgain = false;
}

// MARK: Wiring

$("pairs-form").addEventListener("submit", save);
$("pairs-delete").addEventListener("click", remove);
$("pairs-filter").addEventListener("submit", (event) => event.preventDefault());
$("pairs-search").addEventListener("input", () => { limit = PAGE; renderList(); });
$("pairs-tag").addEventListener("change", () => { limit = PAGE; renderList(); });
$("pairs-more").addEventListener("click", () => { limit += PAGE; renderList(); });
$("pairs-notes-dismiss").addEventListener("click", () => { device.dismissNotes(); renderStatus(); });
$("pairs-sync").addEventListener("click", () => {
  if (navigator.onLine === false) {
    const waiting = device.read().queue.length;
    flash(waiting ? `You are offline: ${plural(waiting, "change")} ${waiting === 1 ? "waits" : "wait"} on this device and ${waiting === 1 ? "goes" : "go"} when it is online.`
      : "You are offline: nothing waits to sync.");
    return;
  }
  flash("");
  sendWaiting();
});
$("pairs-form").addEventListener("input", keepDraft);
// Leaving a form (Cancel, Back) leaves what was typed in it; only a reload brings it back.
window.addEventListener("hashchange", () => { flash(""); dropDraft(); render(); });
window.addEventListener("online", () => sendWaiting());
window.addEventListener("offline", () => { status.error = "offline"; renderStatus(); });
window.addEventListener("pagehide", () => { device.sync({ keepalive: true }); });
// Another tab's changes and syncs show here too.
window.addEventListener("storage", async () => { await load(); render(); });

await load();
render();
sendWaiting();
