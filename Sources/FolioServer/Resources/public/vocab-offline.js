// Revision on this device (/vocab/revise/offline): a session like the online one — due cards,
// then new ones within the day's limits, a card rated Again back after three others — checked
// and scheduled here with the server's own rules (public/rules), with or without a connection.
// Each rating is kept on the device at once (vocab-offline-data.js) and sent when the device is
// online; the last one stays here a while, so that it can be undone without the server.

import { checkAnswer, proposedRating, summary as differenceSummary } from "./rules/answer-check.js";
import { newCard, scheduler as makeScheduler } from "./rules/fsrs.js";
import { RATINGS, clock, plural, ratingButtons } from "./offline-ui.js";
import { cardKey, deviceRevision, operationID } from "./vocab-offline-data.js";

const root = document.getElementById("offline-revision");
const $ = (id) => document.getElementById(id);
const device = deviceRevision(root.dataset.account, { pack: root.dataset.pack, sync: root.dataset.sync });

/** As the server's RevisionSession: answers between a card rated Again and its return. */
const AGAIN_GAP = 3;
const MAXIMUM_ANSWERS = 500;
const SIZES = [10, 20, 50];
const LANGUAGE = { englishToWelsh: ["English", "Welsh", "en", "cy"], welshToEnglish: ["Welsh", "English", "cy", "en"] };

let status = { error: null, syncing: false };

// MARK: What is kept

/** The pairs of the kept day and of the session, by id. */
function entryOf(state, pairId) {
  const asked = state.session && state.session.pairs && state.session.pairs[pairId];
  if (asked) return asked;
  for (const direction of Object.keys((state.pack && state.pack.queues) || {})) {
    const found = state.pack.queues[direction].find((entry) => entry.pair.id === pairId);
    if (found) return found;
  }
  return null;
}

function cardOf(state, pairId, direction) {
  const local = state.cards[cardKey(pairId, direction)];
  if (local !== undefined) return local;
  const entry = (state.pack.queues[direction] || []).find((item) => item.pair.id === pairId);
  return (entry && entry.card) || null;
}

/**
 * The study day it is now, by the kept day's end: its allowance (the kept one on the day the
 * cards were taken, the full daily limits on a later day) and what was done here in it.
 */
function today(state) {
  const now = Date.now();
  let ends = state.pack.dayEnds;
  while (ends <= now) ends += 86_400_000;
  const allowance = ends === state.pack.dayEnds ? state.pack.allowance : state.pack.limits || state.pack.allowance;
  const done = state.done.day === ends ? state.done : { newCards: 0, reviews: 0, day: ends };
  return { ends, allowance, done };
}

/** The kept day's queue in `direction` for `tag`, as it stands after the reviews made here. */
function queue(state, direction, tag) {
  if (!state.pack) return [];
  const now = Date.now();
  const day = today(state);
  let newLeft = day.allowance.newCards - day.done.newCards;
  let reviewsLeft = day.allowance.reviews - day.done.reviews;
  const ratedOnline = state.ratedOnline || {};
  const wanted = tag ? tag.toLowerCase() : null;
  const found = [];
  for (const entry of state.pack.queues[direction] || []) {
    if (wanted && !entry.pair.tags.some((name) => name.toLowerCase() === wanted)) continue;
    const local = state.cards[cardKey(entry.pair.id, direction)];
    // Reviewed here since the day was taken, and not due again yet; or rated online since.
    if (local && local.due > now) continue;
    if (!local && ratedOnline[cardKey(entry.pair.id, direction)]) continue;
    const card = local !== undefined ? local : entry.card || null;
    if (!card) {
      if (newLeft <= 0) continue;
      newLeft -= 1;
    } else if (card.state === 2) {
      if (reviewsLeft <= 0) continue;
      reviewsLeft -= 1;
    }
    found.push(entry);
  }
  return found;
}

// MARK: The session (as FolioApp's RevisionSession)

function nextCard(state) {
  const session = state.session;
  if (session.answered >= MAXIMUM_ANSWERS) return null;
  const due = session.returns.find((item) => item.after <= session.answered);
  if (due) return { pairId: due.pairId, isReturn: true };
  if (session.seen.length < session.size) {
    const fresh = queue(state, session.direction, session.tag).find((entry) => !session.seen.includes(entry.pair.id));
    if (fresh) return { pairId: fresh.pair.id, isReturn: false, entry: fresh };
  }
  if (session.returns.length > 0) return { pairId: session.returns[0].pairId, isReturn: true };
  return null;
}

function planned(state) {
  const session = state.session;
  const unseen = queue(state, session.direction, session.tag).filter((entry) => !session.seen.includes(entry.pair.id)).length;
  return session.seen.length + Math.min(Math.max(0, session.size - session.seen.length), unseen);
}

function record(session, pairId, verdict, rating) {
  session.answered += 1;
  if (verdict) session[verdict] += 1;
  if (!session.seen.includes(pairId)) session.seen.push(pairId);
  session.returns = session.returns.filter((item) => item.pairId !== pairId);
  if (rating === 1) session.returns.push({ pairId, after: session.answered + AGAIN_GAP });
}

// MARK: Showing it

function show(section) {
  for (const id of ["offline-start", "offline-card", "offline-result", "offline-summary"]) $(id).hidden = id !== section;
}

function renderStatus() {
  const state = device.read();
  const parts = [];
  const offline = navigator.onLine === false;
  const unreachable = !offline && status.error === "offline";
  if (!state.pack) {
    parts.push(offline || unreachable
      ? `${offline ? "You are offline" : "Folio cannot be reached"}, and no cards are kept on this device yet. Open this page once with a connection to take today's cards with you.`
      : "Getting your cards…");
  } else {
    parts.push(offline ? "Offline: revising from the cards kept on this device."
      : unreachable ? "Folio cannot be reached: revising from the cards kept on this device." : "Online.");
  }
  if (state.queue.length > 0) parts.push(`${plural(state.queue.length, "review")} waiting to sync.`);
  else if (state.pack) parts.push("Everything is synced.");
  if (state.lastSync) parts.push(`Last synced at ${clock(state.lastSync)}.`);
  if (status.error === "signed-out") parts.push("Sign in again to send your reviews: they stay on this device until then.");
  else if (status.error === "other-account") parts.push("These cards and reviews belong to another account on this device: log in as it to send them.");
  else if (status.error && status.error !== "offline" && status.error !== "waiting") parts.push(status.error);
  $("sync-status").textContent = parts.join(" ");
  const last = state.queue[state.queue.length - 1];
  // While the session runs, as online: a finished one's summary offers none.
  $("offline-undo").hidden = !(state.session && !state.session.finished && last && last.session === state.session.id && !last.sending);
}

function renderStart(state) {
  show("offline-start");
  const select = $("offline-tag");
  const chosen = select.value;
  const tags = new Map();
  for (const direction of Object.keys(state.pack.queues)) {
    for (const entry of state.pack.queues[direction]) for (const tag of entry.pair.tags) tags.set(tag.toLowerCase(), tag);
  }
  select.replaceChildren(new Option("All pairs", ""), ...[...tags.values()].sort((a, b) => a.localeCompare(b)).map((tag) => new Option(tag, tag)));
  select.value = tags.has(chosen.toLowerCase()) ? chosen : "";
  const direction = new FormData($("offline-form")).get("direction") || "englishToWelsh";
  const waiting = queue(state, direction, select.value);
  const due = waiting.filter((entry) => cardOf(state, entry.pair.id, direction)).length;
  $("offline-today").textContent = waiting.length === 0
    ? "Nothing left to revise this way today on this device."
    : `Ready: ${due} due and ${waiting.length - due} new, ${direction === "englishToWelsh" ? "English → Welsh" : "Welsh → English"}.`;
  $("offline-begin").disabled = waiting.length === 0;
}

function renderCard(state) {
  const session = state.session;
  const current = session.current;
  const entry = entryOf(state, current.pairId);
  const [from, to, fromLang, toLang] = LANGUAGE[session.direction];
  show("offline-card");
  const total = Math.max(planned(state), session.seen.length + (current.isReturn ? 0 : 1), 1);
  const position = current.isReturn ? session.seen.length : session.seen.length + 1;
  $("offline-direction-label").textContent = `${from} → ${to}`;
  $("offline-position").textContent = `Card ${position} of ${total}`;
  $("offline-progress").max = total;
  $("offline-progress").value = Math.max(0, position - 1);
  $("offline-again").hidden = !current.isReturn;
  const prompt = $("offline-prompt");
  prompt.textContent = session.direction === "englishToWelsh" ? entry.pair.english : entry.pair.welsh;
  prompt.lang = fromLang;
  $("offline-answer-label").textContent = `In ${to}`;
  // Only the prompt, as online: the other side is the answer.
  offerHearing(entry, [session.direction === "englishToWelsh" ? "english" : "welsh"], { english: $("offline-hear-prompt"), welsh: $("offline-hear-prompt") },
               $("offline-hear-prompt-row"));
  const input = $("answer");
  input.lang = toLang;
  $("offline-accents").hidden = toLang !== "cy";
  // The same card shown again (a sync's news, say) keeps what is being typed.
  const shown = `${current.pairId}@${current.startedAt}`;
  if (shownCard !== shown) {
    input.value = "";
    shownCard = shown;
    cardShownAt = performance.now();
  }
  input.focus({ preventScroll: true });
}

function renderResult(state) {
  const session = state.session;
  const current = session.current;
  const checked = current.checked;
  const entry = entryOf(state, current.pairId);
  const toLang = LANGUAGE[session.direction][3];
  show("offline-result");
  shownCard = `${current.pairId}@${current.startedAt}`;
  const verdict = $("offline-verdict");
  verdict.textContent = checked.label;
  verdict.className = `verdict verdict-${checked.verdict}`;
  const typed = $("offline-typed");
  typed.lang = toLang;
  if (checked.typed) typed.textContent = checked.typed;
  else typed.replaceChildren(Object.assign(document.createElement("em"), { textContent: "nothing" }));
  const expected = $("offline-expected");
  expected.lang = toLang;
  expected.textContent = session.direction === "englishToWelsh" ? entry.pair.welsh : entry.pair.english;
  const difference = $("offline-difference");
  difference.hidden = $("offline-difference-label").hidden = !checked.difference;
  difference.textContent = checked.difference || "";
  offerHearing(entry, ["welsh", "english"], { english: $("offline-hear-english"), welsh: $("offline-hear-welsh") }, $("offline-hear-row"));
  $("offline-pair-note").textContent = entry.pair.note;
  $("offline-pair-note").hidden = $("offline-pair-note-label").hidden = !entry.pair.note;

  const now = Date.now();
  const scheduler = makeScheduler(state.pack.scheduler);
  const card = cardOf(state, current.pairId, session.direction) || newCard(now);
  const outcomes = scheduler.outcomes(card, now);
  const proposed = proposedRating(checked.verdict);
  $("offline-rating-hint").textContent = `The check suggests ${RATINGS[proposed - 1][1]}; choose another if you disagree. Each button says when you would see this pair again.`;
  $("offline-ratings").replaceChildren(...ratingButtons(outcomes.map((outcome) => outcome.due), now, proposed));
  // A tap that lands as the page changes is not a rating (the online form's data-settle).
  settledAt = performance.now();
  const chosen = $("offline-ratings").querySelector(".proposed");
  if (chosen) chosen.focus({ preventScroll: true });
}

function renderSummary(state) {
  const session = state.session;
  show("offline-summary");
  $("offline-summary-heading").textContent = session.answered === 0 ? "Nothing to revise right now" : "Session complete";
  $("offline-summary-text").textContent = session.answered === 0
    ? "Every card kept on this device for today has been revised this way."
    : `${plural(session.answered, "answer")}: ${session.right} right, ${session.almost} almost, ${session.wrong} not quite.`;
}

function render() {
  const state = device.read();
  renderStatus();
  if (!state.pack) {
    show(null);
    return;
  }
  if (!state.session) return renderStart(state);
  if (state.session.finished) return renderSummary(state);
  if (!state.session.current) return advance();
  if (state.session.current.checked) return renderResult(state);
  return renderCard(state);
}

// MARK: Hearing a pair

// A side heard online is kept by the service worker (its sound's address names the side's text);
// offline, a side is offered only when its sound is kept, so no button can only fail.
const SIDE_TITLE = { english: "English", welsh: "Welsh" };

async function offerHearing(entry, sides, buttons, row) {
  const audio = entry.audio || {};
  const shown = new Set();
  for (const side of sides) {
    const button = buttons[side];
    button.hidden = true;
    const href = audio[side];
    if (!href) continue;
    // Heard before, online or here: a side never heard may have no sound on this server.
    let kept = false;
    try { kept = !!(await caches.match(href)); } catch (error) { kept = false; }
    if (!kept) continue;
    button.hidden = false;
    button.dataset.href = href;
    button.lang = side === "welsh" ? "cy" : "en";
    button.querySelector(".hear-label").textContent = `Hear the ${SIDE_TITLE[side]}`;
    shown.add(button);
  }
  row.hidden = shown.size === 0;
}

let playing = null;
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-hear]");
  if (!button || !button.dataset.href) return;
  if (playing) playing.pause();
  playing = new Audio(button.dataset.href);
  button.classList.add("is-playing");
  const done = () => button.classList.remove("is-playing");
  playing.addEventListener("ended", done);
  playing.addEventListener("pause", done);
  playing.addEventListener("error", () => { done(); button.classList.add("is-failed"); });
  const started = playing.play();
  if (started && typeof started.catch === "function") started.catch(() => done());
});

// MARK: What the learner does

let settledAt = 0;
let cardShownAt = 0;
let shownCard = null;

function advance() {
  device.update((state) => {
    const next = nextCard(state);
    if (!next) {
      state.session.finished = true;
      state.session.current = null;
      return;
    }
    const entry = next.entry || entryOf(state, next.pairId);
    if (!entry) {
      // A returning pair no longer kept anywhere: it drops out, as a deleted pair does online.
      state.session.returns = state.session.returns.filter((item) => item.pairId !== next.pairId);
      return;
    }
    state.session.pairs[next.pairId] = entry;
    state.session.current = { pairId: next.pairId, isReturn: next.isReturn, startedAt: Date.now(), checked: null };
  });
  const state = device.read();
  if (state.session && !state.session.finished && !state.session.current) return advance();
  render();
  if (state.session && state.session.finished) sendWaiting();
}

function begin(event) {
  event.preventDefault();
  const form = new FormData($("offline-form"));
  const size = Number(form.get("size"));
  device.update((state) => {
    state.session = {
      direction: form.get("direction") === "welshToEnglish" ? "welshToEnglish" : "englishToWelsh",
      tag: form.get("tag") || "", size: SIZES.includes(size) ? size : 20,
      id: operationID(), answered: 0, right: 0, almost: 0, wrong: 0, seen: [], returns: [], pairs: {}, current: null, finished: false,
    };
  });
  advance();
}

function check(event) {
  event.preventDefault();
  const answer = $("answer").value;
  // The second tap of a double tap on a rating lands on the next card: not an empty answer.
  if (answer.trim() === "" && performance.now() - cardShownAt < 600) return;
  device.update((state) => {
    const current = state.session && state.session.current;
    if (!current || current.checked || `${current.pairId}@${current.startedAt}` !== shownCard) return;
    const entry = entryOf(state, current.pairId);
    const direction = state.session.direction;
    const expected = direction === "englishToWelsh" ? entry.pair.welsh : entry.pair.english;
    // Checked as the server checks (Revision.check): an English answer knows no mutations.
    const mutations = direction === "welshToEnglish" ? "ignored" : entry.acceptsMutations ? "accepted" : "almost";
    const result = checkAnswer(answer, expected, mutations);
    current.checked = {
      typed: result.typed, verdict: result.verdict, label: result.label,
      // As the online answer page says it ("ŵ, not w"); a mutation is named by the verdict.
      difference: result.difference && result.almost !== "mutation" ? differenceSummary(result.difference) : null,
      seconds: (Date.now() - current.startedAt) / 1000,
    };
  });
  render();
}

function rate(rating) {
  const rated = device.update((state) => {
    const session = state.session;
    const current = session && session.current;
    // Another tab may have moved the session on: only the card this page shows is rated.
    if (!current || !current.checked || `${current.pairId}@${current.startedAt}` !== shownCard) return false;
    const now = Date.now();
    const key = cardKey(current.pairId, session.direction);
    const before = cardOf(state, current.pairId, session.direction);
    const kept = Object.prototype.hasOwnProperty.call(state.cards, key) ? state.cards[key] : undefined;
    const counted = before === null ? "newCards" : before.state === 2 ? "reviews" : null;
    state.queue.push({
      id: operationID(), session: session.id, pairId: current.pairId, direction: session.direction, rating, at: now,
      seconds: current.checked.seconds,
      // To undo it here: the card as kept before, what it counted against the day, the session's step.
      undo: { kept: kept === undefined ? null : kept, hadKept: kept !== undefined, counted, day: today(state).ends,
              session: { answered: session.answered, right: session.right, almost: session.almost, wrong: session.wrong,
                         seen: session.seen.slice(), returns: session.returns.slice(), isReturn: current.isReturn } },
    });
    state.cards[key] = makeScheduler(state.pack.scheduler).review(before || newCard(now), rating, now);
    if (counted) {
      state.done = today(state).done;
      state.done[counted] += 1;
    }
    record(session, current.pairId, current.checked.verdict, rating);
    session.current = null;
    return true;
  });
  if (!rated) return;
  advance();
  sendWaiting({ keep: 1 });
  // Held back only a moment, so that it can be undone here: then it goes too.
  clearTimeout(lastRatingTimer);
  lastRatingTimer = setTimeout(() => sendWaiting(), LAST_RATING_HELD);
}

/** How long the last rating waits on the device, online, in case it is undone. */
const LAST_RATING_HELD = 15_000;
let lastRatingTimer = 0;

function undo() {
  device.update((state) => {
    const session = state.session;
    const op = state.queue[state.queue.length - 1];
    // Only this session's ratings, still on this device and not on their way, are taken back here.
    if (!session || !op || op.session !== session.id || op.sending) return;
    state.queue.pop();
    const key = cardKey(op.pairId, op.direction);
    if (op.undo.hadKept) state.cards[key] = op.undo.kept;
    else delete state.cards[key];
    if (op.undo.counted && state.done.day === op.undo.day) state.done[op.undo.counted] -= 1;
    // The session as it stood before that rating, asking the same card again.
    const before = op.undo.session;
    Object.assign(session, { answered: before.answered, right: before.right, almost: before.almost, wrong: before.wrong,
                             seen: before.seen, returns: before.returns, finished: false,
                             current: { pairId: op.pairId, isReturn: before.isReturn, startedAt: Date.now(), checked: null } });
  });
  render();
}

async function sendWaiting(options = {}) {
  if (status.syncing) return;
  status.syncing = true;
  const result = await device.sync(options);
  status.syncing = false;
  status.error = result.error || null;
  if (!result.error) {
    const state = device.read();
    // A new day, or one taken on another device: fetched once nothing waits and no session runs.
    if (!state.session || state.session.finished) {
      const refreshed = await device.refresh();
      if (refreshed.error && refreshed.error !== "waiting") status.error = refreshed.error;
    }
  }
  // A card on screen stays as it is (what is typed, the rating buttons); only the news changes.
  const state = device.read();
  if (state.pack && state.session && !state.session.finished) renderStatus();
  else render();
}

// MARK: Wiring

$("offline-form").addEventListener("submit", begin);
$("offline-form").addEventListener("change", () => render());
$("offline-card").addEventListener("submit", check);
$("offline-end").addEventListener("click", () => {
  device.update((state) => { if (state.session) { state.session.finished = true; state.session.current = null; } });
  render();
  sendWaiting();
});
$("offline-ratings").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-rating]");
  if (!button || performance.now() - settledAt < 400) return;
  rate(Number(button.dataset.rating));
});
document.addEventListener("keydown", (event) => {
  if ($("offline-result").hidden || !/^[1-4]$/.test(event.key) || event.target.tagName === "INPUT") return;
  rate(Number(event.key));
});
$("offline-again-session").addEventListener("click", () => {
  device.update((state) => { state.session = null; });
  render();
});
$("offline-undo").addEventListener("click", undo);
$("offline-sync").addEventListener("click", () => sendWaiting());
window.addEventListener("online", () => {
  const session = device.read().session;
  sendWaiting({ keep: session && !session.finished ? 1 : 0 });
});
window.addEventListener("offline", () => { status.error = "offline"; renderStatus(); });
// Leaving the page sends what waits, the last rating included: undo is for while it is open.
window.addEventListener("pagehide", () => { device.sync({ keepalive: true }); });
// Another tab's ratings, syncs and steps show here too.
window.addEventListener("storage", () => render());

// A session finished earlier is not what the page opens on: the start form is.
device.update((state) => { if (state.session && state.session.finished) state.session = null; });
render();
sendWaiting({ keep: device.read().session ? 1 : 0 });
