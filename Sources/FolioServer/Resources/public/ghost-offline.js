// Ghost on this device (/ghost/offline): plain Ghost refereed and played by the browser with the
// server's own rules (public/rules/ghost-*.js), with or without a connection — people passing
// the phone round, and the easy and hard computers. Each dictionary is downloaded once, the first
// time it is chosen, and kept in the browser's cache; a game in play is kept on the device as its
// setup and every action, so a reload, a closed tab or a new version of the app replays it to
// where it was. Without a connection the service worker answers Ghost's pages with this one.

import { ALPHABETS, DICTIONARY_ALPHABET, readPack, wordList } from "./rules/ghost-words.js";
import { GHOST, GhostRuleError, apply, isOver, newGame, playerToAct, roundSummary, winner } from "./rules/ghost-game.js";
import { computerAction, solver } from "./rules/ghost-computer.js";
import { countsForScores, deviceGhost } from "./ghost-offline-data.js";

const root = document.getElementById("ghost-offline");
const $ = (id) => document.getElementById(id);
// A visitor plays too; only an account's games against the computer are sent, to count.
const device = deviceGhost(root.dataset.account || "", root.dataset.sync);
const { read, update } = device;
/** Where the dictionaries are kept; the service worker leaves this cache alone when it updates. */
const WORDS_CACHE = "folio-ghost-words-1";
const LABELS = { english: "English", dutch: "Dutch", welsh: "Welsh" };
/** How long a computer seems to think: long enough to see whose turn it was. */
const COMPUTER_PAUSE_MS = 450;

// MARK: Dictionaries

const lists = new Map();

function wordsURL(dictionary) {
  return root.dataset.words.replace("{dictionary}", dictionary);
}

/** Whether the dictionary is on this device already. */
async function isKept(dictionary) {
  try {
    const cache = await caches.open(WORDS_CACHE);
    return !!(await cache.match(wordsURL(dictionary)));
  } catch (error) {
    return false;
  }
}

/** The dictionary's words: from the device, else downloaded once and kept; online, a kept one is
 * checked against the server's (a 304 when it is the same), so a list changed there comes down again. */
async function words(dictionary) {
  const url = wordsURL(dictionary);
  let cache = null;
  try { cache = await caches.open(WORDS_CACHE); } catch (error) { /* no cache storage: download each time */ }
  let response = cache && (await cache.match(url));
  if (response && navigator.onLine !== false) {
    const tag = response.headers.get("ETag");
    try {
      const fresh = await fetch(url, { credentials: "same-origin", cache: "no-store", headers: tag ? { "If-None-Match": tag } : {} });
      if (fresh.ok) {
        await cache.put(url, fresh.clone());
        response = fresh;
      }
    } catch (error) { /* unreachable after all: the kept one serves */ }
  }
  if (!response) {
    try {
      response = await fetch(url, { credentials: "same-origin" });
    } catch (error) {
      throw new Error(`The ${LABELS[dictionary]} dictionary is not on this device yet, and there is no connection to download it. Choose it once with a connection, or choose a dictionary already kept.`);
    }
    if (!response.ok) throw new Error(`The ${LABELS[dictionary]} dictionary could not be downloaded (the server answered ${response.status}). Try another.`);
    if (cache) await cache.put(url, response.clone());
  }
  return readPack(await response.text());
}

/** The game's word list and solver, built once a page for each dictionary and length. */
async function lexicon(dictionary, minimumLength) {
  const key = `${dictionary}:${minimumLength}`;
  if (!lists.has(key)) {
    lists.set(key, words(dictionary).then((listed) => {
      const list = wordList(listed, minimumLength, ALPHABETS[DICTIONARY_ALPHABET[dictionary]]);
      return { words: list, solve: solver(list) };
    }));
  }
  try {
    return await lists.get(key);
  } catch (error) {
    lists.delete(key);
    throw error;
  }
}

async function describeDictionary() {
  const dictionary = $("offline-dictionary").value;
  const kept = await isKept(dictionary);
  $("ghost-offline-dictionary").textContent = kept ? `The ${LABELS[dictionary]} dictionary is on this device.`
    : navigator.onLine === false ? `The ${LABELS[dictionary]} dictionary is not on this device yet: choose it once with a connection.`
      : `The ${LABELS[dictionary]} dictionary is downloaded when the game starts, once, and kept on this device.`;
}

// MARK: The game

let current = null; // {state, game, words, solve}
let thinking = 0;
// A tap that lands as the board changes (a double tap's second) is not a move: the keys, the
// challenge and Next round take none for this long after they change, as the online forms.
const SETTLE_MS = 400;
let settledAt = 0;
const settled = () => performance.now() - settledAt >= SETTLE_MS;

function replayed(state, list) {
  const game = newGame(state.setup.seats.map((seat) => seat.name), list.words, state.setup.challenges, state.setup.firstPlayer);
  for (const action of state.actions) apply(game, action);
  return game;
}

function save(state) {
  update((kept) => { kept.game = state; });
}

function seatKind(index) {
  return current.state.setup.seats[index].kind;
}

/** A person's action, or the computers' turns; then the page drawn again. */
function act(action) {
  const game = current.game;
  let result;
  try {
    result = apply(game, action);
  } catch (error) {
    if (error instanceof GhostRuleError) return say(error.message);
    throw error;
  }
  current.state.actions.push(action);
  if (result) current.state.roundShown = false;
  save(current.state);
  if (isOver(game)) {
    device.queueFinished(current.state);
    sendFinished();
  }
  render();
}

// MARK: Counting for the scores

let syncError = null;

async function sendFinished() {
  if (navigator.onLine === false) return reflectConnection();
  const result = await device.sync();
  syncError = result.error || null;
  reflectConnection();
  // The winner's line says whether the game still waits to count.
  if (current && isOver(current.game)) render();
}

function computersPlay() {
  clearTimeout(thinking);
  const { game, state } = current;
  if (isOver(game) || state.roundShown === false) return;
  const seat = playerToAct(game);
  const level = seatKind(seat);
  if (level === "person") return;
  thinking = setTimeout(() => {
    if (!current || current.game !== game) return;
    act(computerAction(game, level, current.solve));
  }, COMPUTER_PAUSE_MS);
}

function say(message) {
  // In the status line, where the turn is said: the keyboard never moves for it.
  const status = $("ghost-status");
  status.textContent = message;
  status.classList.add("ghost-refused");
}

/** Whom the rounds' sentences call "you": the one person at a table of computers, as on the
 * server (`SeatNaming`); on a phone passed round between people, nobody. */
function speaksTo(game) {
  const people = game.players.map((_, seat) => seat).filter((seat) => seatKind(seat) === "person");
  return people.length === 1 ? people[0] : null;
}

function renderPlayers(game) {
  const toAct = isOver(game) ? null : playerToAct(game);
  $("ghost-players").replaceChildren(...game.players.map((name, seat) => {
    const item = document.createElement("li");
    const out = game.letters[seat] >= GHOST.length;
    item.className = `ghost-player${seat === toAct ? " to-act" : ""}${out ? " out" : ""}`;
    if (seat === toAct) item.setAttribute("aria-current", "true");
    item.append(Object.assign(document.createElement("span"), { className: "player-name", textContent: name }));
    const kind = seatKind(seat);
    if (kind !== "person") item.append(" ", Object.assign(document.createElement("span"), { className: "hint", textContent: kind === "hard" ? "hard computer" : "easy computer" }));
    if (out) item.append(" ", Object.assign(document.createElement("span"), { className: "hint", textContent: "out" }));
    const strip = Object.assign(document.createElement("span"), { className: "ghost-strip" });
    strip.setAttribute("role", "img");
    strip.setAttribute("aria-label", game.letters[seat] ? `${GHOST.slice(0, game.letters[seat]).join("")}: ${game.letters[seat]} of 5 letters` : "no letters yet");
    const taken = Object.assign(document.createElement("span"), { className: "ghost-letters" });
    const left = Object.assign(document.createElement("span"), { className: "ghost-left" });
    taken.setAttribute("aria-hidden", "true");
    left.setAttribute("aria-hidden", "true");
    GHOST.forEach((letter, i) => (i < game.letters[seat] ? taken : left).append(Object.assign(document.createElement("span"), { className: "ghost-letter", textContent: letter })));
    strip.append(taken, left);
    item.append(" ", strip);
    return item;
  }));
}

function render() {
  clearTimeout(thinking);
  settledAt = performance.now();
  if (!current) return renderSetup();
  const { game, state, words: list } = current;
  $("ghost-offline-setup").hidden = true;
  $("ghost-offline-game").hidden = false;
  const setup = state.setup;
  $("ghost-offline-meta").textContent = `${LABELS[setup.dictionary]} · words of ${setup.minimumLength} or more letters count · ` +
    `${setup.challenges === "classic" ? "classic rules" : "forgiving rules"} · on this device`;
  // Reached at a game's own address (offline, a room's link): it is not that game.
  $("ghost-offline-room").hidden = !/^\/ghost\/games\//.test(location.pathname);
  renderPlayers(game);
  $("ghost-status").classList.remove("ghost-refused");

  const last = game.rounds[game.rounds.length - 1];
  const showingRound = last && state.roundShown === false;
  $("ghost-round-over").hidden = !showingRound;
  if (showingRound) {
    $("round-over-heading").textContent = `Round ${game.rounds.length} is over`;
    // The word that settled it: the one named when a challenge failed, else the letters played.
    $("ghost-round-word").textContent = last.reason.kind === "failedChallenge" ? last.reason.word : last.fragment;
    $("ghost-round-summary").textContent = roundSummary(last, game.players, speaksTo(game));
  }
  const over = isOver(game);
  $("ghost-winner").hidden = !over;
  if (over) {
    const counts = root.dataset.account && countsForScores(setup);
    const waiting = read().queue.some((sent) => sent.id === state.queuedId);
    const won = winner(game);
    $("ghost-winner").textContent = (won === speaksTo(game) ? "You win the game." : `${game.players[won]} wins the game.`) +
      (counts ? (waiting ? " It counts for your high scores once it reaches the server." : " It counts for your high scores.") : "");
  }
  $("ghost-offline-over").hidden = !over;
  $("ghost-leave-row").hidden = over;
  $("ghost-offline-next").hidden = !showingRound || over;
  $("ghost-offline-play").hidden = showingRound || over;

  $("rounds-heading").hidden = game.rounds.length === 0;
  $("ghost-rounds").replaceChildren(...game.rounds.map((round, i) => {
    const item = Object.assign(document.createElement("li"), { className: "ghost-round", value: i + 1 });
    item.append(Object.assign(document.createElement("p"), { className: "round-summary", textContent: roundSummary(round, game.players, speaksTo(game)) }));
    return item;
  }).reverse());

  if (showingRound || over) {
    if (showingRound && !over) $("ghost-next-round").focus({ preventScroll: true });
    return;
  }
  const seat = playerToAct(game);
  const person = seatKind(seat) === "person";
  const fragment = $("ghost-fragment");
  fragment.textContent = game.fragment;
  if (!game.fragment) fragment.append(Object.assign(document.createElement("span"), { className: "hint", textContent: "a new round: any letter" }));
  // Who played what this round, so a computer's letter is seen, not guessed.
  $("ghost-moves").replaceChildren(...game.roundPlays.map((play) => {
    const move = Object.assign(document.createElement("span"), { className: "ghost-move", textContent: `${game.players[play.mover]}: ` });
    move.append(Object.assign(document.createElement("strong"), { textContent: play.letter.toUpperCase() }));
    return move;
  }));
  const pending = game.pendingChallenge;
  $("ghost-status").textContent = pending
    ? `${game.players[pending.challenger]} challenges ${game.players[pending.challenged]}: name a word that starts with “${game.fragment}”.`
    : `${game.players[seat]} to play${person ? "." : ": thinking…"}`;
  $("ghost-answer-form").hidden = !(pending && person);
  if (pending && person) {
    $("ghost-word-label").textContent = `${game.players[seat]}, finish your word`;
    $("ghost-word-prefix").textContent = game.fragment;
    $("ghost-word").value = "";
    $("ghost-word").focus({ preventScroll: true });
  }
  // The keyboard stays where it is while a computer plays (its keys only wait), so the page
  // keeps its height and the reader's place on it.
  const keys = $("ghost-keys");
  keys.hidden = !!pending && person;
  if (keys.dataset.alphabet !== list.alphabet.name) {
    keys.dataset.alphabet = list.alphabet.name;
    keys.replaceChildren(...list.alphabet.letters.map((letter) => Object.assign(document.createElement("button"), {
      type: "button", className: "ghost-key", textContent: letter.toUpperCase(), value: letter,
    })));
  }
  keys.setAttribute("aria-label", `${game.players[seat]}’s letter`);
  for (const key of keys.children) key.disabled = !person || !!pending;
  if (person && !pending) requestAnimationFrame(() => bringIntoView(keys));
  const challenge = $("ghost-challenge");
  // Under forgiving rules every letter played starts a word, and a computer always names one:
  // challenging it could only lose. A person may still not know the word they are spelling.
  const pointless = setup.challenges === "forgiving" && game.lastMover !== null && seatKind(game.lastMover) !== "person";
  challenge.hidden = !person || !!pending || game.lastMover === null || pointless;
  challenge.textContent = setup.challenges === "classic" ? "Challenge: “that is a word, or a bluff”" : "Challenge: “there is no such word”";
  computersPlay();
}

/** Scrolls just enough that the whole keyboard is above the tab bar, when it is not. */
function bringIntoView(element) {
  const tabbar = document.getElementById("tabbar");
  const bottom = window.innerHeight - (tabbar ? tabbar.getBoundingClientRect().height : 0);
  const box = element.getBoundingClientRect();
  if (box.bottom > bottom && box.top > 0) window.scrollBy(0, Math.min(box.bottom - bottom + 8, box.top));
}

function renderSetup() {
  $("ghost-offline-game").hidden = true;
  $("ghost-offline-setup").hidden = false;
  describeDictionary();
}

async function begin(setup, actions = []) {
  const list = await lexicon(setup.dictionary, setup.minimumLength);
  const state = { setup, actions, startedAt: Date.now(), roundShown: true };
  current = { state, game: replayed(state, list), words: list.words, solve: list.solve };
  save(state);
  render();
}

// MARK: What the players do

$("ghost-offline-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const seats = [];
  for (let i = 0; form.has(`name${i}`); i++) {
    // Compared as the server compares names: the same letters however they were typed.
    const name = String(form.get(`name${i}`)).trim().normalize("NFC");
    if (name) seats.push({ name, kind: String(form.get(`kind${i}`)) });
  }
  const problems = [];
  if (seats.length === 0) problems.push("Give at least two players a name.");
  else if (seats.length < 2) problems.push("A game needs at least two players: give a second seat a name.");
  if (seats.some((seat) => seat.name.length > 32)) problems.push("A player's name is 1 to 32 characters.");
  if (new Set(seats.map((seat) => seat.name.toLowerCase())).size !== seats.length) problems.push("Two players have the same name. Give each player a name of their own.");
  if (seats.length && !seats.some((seat) => seat.kind === "person")) problems.push("A game needs at least one person at the table, not only computers.");
  const errors = $("ghost-offline-errors");
  errors.hidden = problems.length === 0;
  errors.replaceChildren(...problems.map((problem) => Object.assign(document.createElement("p"), { textContent: problem })));
  if (problems.length) return;
  const dictionary = String(form.get("dictionary"));
  const button = $("ghost-offline-start");
  button.disabled = true;
  $("ghost-offline-dictionary").textContent = (await isKept(dictionary)) ? `Opening the ${LABELS[dictionary]} dictionary…` : `Downloading the ${LABELS[dictionary]} dictionary…`;
  try {
    await begin({ seats, dictionary, minimumLength: Number(form.get("minLength")), challenges: String(form.get("challenges")), firstPlayer: 0 });
  } catch (error) {
    errors.hidden = false;
    errors.replaceChildren(Object.assign(document.createElement("p"), { textContent: error.message }));
    describeDictionary();
  } finally {
    button.disabled = false;
  }
});

$("offline-dictionary").addEventListener("change", describeDictionary);

$("ghost-keys").addEventListener("click", (event) => {
  const key = event.target.closest("button.ghost-key");
  if (!key || !current || !settled() || seatKind(playerToAct(current.game)) !== "person") return;
  act({ type: "letter", letter: key.value });
});
$("ghost-challenge").addEventListener("click", () => {
  if (current && settled() && seatKind(playerToAct(current.game)) === "person") act({ type: "challenge" });
});
$("ghost-answer-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const rest = $("ghost-word").value.trim().toLowerCase();
  if (!rest) return say("Type the letters after the word so far, or concede the round.");
  act({ type: "answer", word: current.game.fragment + rest });
});
$("ghost-concede").addEventListener("click", () => act({ type: "answer", word: null }));
$("ghost-next-round").addEventListener("click", () => {
  if (!settled()) return;
  current.state.roundShown = true;
  save(current.state);
  render();
});
$("ghost-again").addEventListener("click", () => {
  const setup = current.state.setup;
  begin(Object.assign({}, setup, { firstPlayer: (setup.firstPlayer + 1) % setup.seats.length }));
});
function leave() {
  clearTimeout(thinking);
  current = null;
  update((kept) => { kept.game = null; });
  render();
}
$("ghost-new").addEventListener("click", leave);
$("ghost-leave").addEventListener("click", () => {
  if (current && !isOver(current.game) && !window.confirm("End this game? It is not kept.")) return;
  leave();
});

// MARK: Starting

async function resume() {
  const state = read().game;
  if (!state) return render();
  try {
    const list = await lexicon(state.setup.dictionary, state.setup.minimumLength);
    current = { state, game: replayed(state, list), words: list.words, solve: list.solve };
  } catch (error) {
    // A game whose dictionary is gone from the device, or that no longer replays: a new one.
    current = null;
    update((kept) => { kept.game = null; });
  }
  render();
}

function reflectConnection() {
  const kept = read();
  const parts = [];
  if (navigator.onLine === false) parts.push("Offline: playing on this device.");
  const waiting = kept.queue.length;
  if (waiting) {
    parts.push(`${waiting === 1 ? "1 game against the computer waits" : `${waiting} games against the computer wait`} to count for your high scores.`);
    if (syncError === "signed-out") parts.push("Log in again to send it: it stays on this device until then.");
    else if (syncError === "other-account") parts.push("It was played by another account on this device: log in as it to send it.");
  } else if (kept.lastSync && Date.now() - kept.lastSync < 10 * 60_000 && (!current || isOver(current.game))) {
    if (kept.counted) parts.push(kept.counted === 1 ? "Your game against the computer counts for your high scores." : `Your ${kept.counted} games against the computer count for your high scores.`);
    if (kept.notCounted) parts.push(`${kept.notCounted === 1 ? "A game" : `${kept.notCounted} games`} could not count: the server's replay did not end as the device's did.`);
  }
  $("ghost-offline-status").textContent = parts.join(" ");
  $("ghost-offline-status").hidden = parts.length === 0;
  if (!current) describeDictionary();
}
window.addEventListener("online", () => { syncError = null; sendFinished(); });
window.addEventListener("offline", reflectConnection);
reflectConnection();
resume();
sendFinished();
