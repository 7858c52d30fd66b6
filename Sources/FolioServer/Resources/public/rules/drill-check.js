// Rehearsing a line, as the server does it (Monologues/LineDrill.swift: DrillCheck and
// DrillPrompt, FolioCore/WordTokenizer.swift): the help a line is shown with, and how a recalled
// line compares with the text. Rehearsal without a connection uses these; the Swift tests
// generate lines, answers and prompts from the Swift code and run this module on them in Node
// (Tests/MonologuesTests/BrowserDrillTests.swift), and any difference fails them.
//
// Swift counts characters as the reader sees them (grapheme clusters), so this module does too.

import { characters, fold, isOneSlip } from "./answer-check.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Folded words, as FolioCore's WordTokenizer reads them: letters, digits and inner apostrophes. */
export function tokenize(text) {
  const bytes = encoder.encode(fold(text));
  const words = [];
  let start = -1;
  const flush = (end) => {
    if (start < 0) return;
    // Apostrophes at the edges go, but the one that ends "in'" stays.
    let s = start, e = end;
    while (s < e && bytes[s] === 0x27) s += 1;
    while (e > s && bytes[e - 1] === 0x27) {
      if (e - s >= 3 && bytes[e - 2] === 0x6E && bytes[e - 3] === 0x69) break;
      e -= 1;
    }
    if (e > s) words.push(decoder.decode(bytes.subarray(s, e)));
    start = -1;
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    const wordByte = (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A);
    if (wordByte || b >= 0x80) {
      if (start < 0) start = i;
    } else if (b === 0x27 && start >= 0) {
      continue;
    } else {
      flush(i);
    }
  }
  flush(bytes.length);
  return words;
}

const OLD_SPELLINGS = { "o'er": "over", "e'er": "ever", "ne'er": "never", "e'en": "even", "'tis": "tis", tis: "tis" };

/** The words as compared: folded, the spellings of the time made one ("kill'd", "killed"). */
export function drillWords(text) {
  return tokenize(text).map((word) => {
    if (Object.prototype.hasOwnProperty.call(OLD_SPELLINGS, word)) return OLD_SPELLINGS[word];
    if (word.endsWith("'d") && characters(word).length > 3) return characters(word).slice(0, -2).join("") + "ed";
    return word.replaceAll("'", "");
  });
}

/** The longest answer read, in characters. */
export const LONGEST_ANSWER = 1000;

/** The cheapest alignment of two word lists (a change, a word missing or added each costs one). */
function align(a, b) {
  const n = a.length, m = b.length;
  const cost = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = 0; i <= n; i++) cost[i][m] = n - i;
  for (let j = 0; j <= m; j++) cost[n][j] = m - j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      cost[i][j] = a[i] === b[j] ? cost[i + 1][j + 1] : 1 + Math.min(cost[i + 1][j + 1], cost[i + 1][j], cost[i][j + 1]);
    }
  }
  const steps = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      steps.push({ same: true }); i += 1; j += 1;
    } else if (i < n && j < m && cost[i][j] === 1 + cost[i + 1][j + 1]) {
      steps.push({ changed: [a[i], b[j]] }); i += 1; j += 1;
    } else if (i < n && cost[i][j] === 1 + cost[i + 1][j]) {
      steps.push({ missing: a[i] }); i += 1;
    } else {
      steps.push({ extra: b[j] }); j += 1;
    }
  }
  return steps;
}

const LABELS = { exact: "Word for word", close: "Almost", wrong: "Not yet" };

/**
 * A recalled line against the text: `{verdict: "exact" | "close" | "wrong", slips, label}`, the
 * slips as "expected → typed".
 */
export function checkLine(answer, line) {
  const verdict = (name, slips = []) => ({ verdict: name, slips, label: LABELS[name] });
  const expected = drillWords(line);
  const typed = drillWords(characters(answer).slice(0, LONGEST_ANSWER).join(""));
  if (expected.length === typed.length && expected.every((word, i) => word === typed[i])) return verdict("exact");
  if (typed.length === 0) return verdict("wrong");
  const allowed = Math.max(1, Math.floor(expected.length / 8));
  if (Math.abs(expected.length - typed.length) > allowed) return verdict("wrong");
  const slips = [];
  for (const step of align(expected, typed)) {
    if (step.same) continue;
    if (step.changed) {
      if (!isOneSlip(step.changed[0], step.changed[1])) return verdict("wrong");
      slips.push(`${step.changed[0]} → ${step.changed[1]}`);
    } else if (step.missing !== undefined) {
      if (characters(step.missing).length > 3) return verdict("wrong");
      slips.push(`${step.missing} → (missing)`);
    } else {
      if (characters(step.extra).length > 3) return verdict("wrong");
      slips.push(`(extra) → ${step.extra}`);
    }
  }
  return slips.length <= allowed ? verdict("close", slips) : verdict("wrong");
}

// MARK: The help a line is shown with

const LETTER = /^\p{Alphabetic}/u;
const NUMBER = /^\p{N}/u;
const isLetterOrNumber = (character) => LETTER.test(character) || NUMBER.test(character);

/** The rungs of help, most first, as DrillPrompt.ladder: first letters, half hidden, all hidden, none. */
export const LADDER = [{ kind: "firstLetters" }, { kind: "hidden", level: 2 }, { kind: "hidden", level: 4 }, { kind: "none" }];

/** The line as a prompt shows it: `prompt` is one of LADDER's rungs (or hidden at level 1–4). */
export function showLine(prompt, line) {
  // Split at spaces as Swift splits a String at the character " ".
  const words = [];
  let word = "";
  for (const character of characters(line)) {
    if (character === " ") {
      if (word) words.push(word);
      word = "";
    } else {
      word += character;
    }
  }
  if (word) words.push(word);
  if (prompt.kind === "none") return "";
  if (prompt.kind === "firstLetters") {
    return words.map((word) => {
      let out = "", letterShown = false;
      for (const character of characters(word)) {
        if (isLetterOrNumber(character)) {
          if (!letterShown) { out += character; letterShown = true; }
        } else {
          out += character;
        }
      }
      return out;
    }).join(" ");
  }
  const level = Math.min(Math.max(prompt.level, 1), 4);
  // The same words hide at each level, spread through the line: position i from level (3i mod 4) + 1.
  return words.map((word, index) => {
    const hidesFrom = (index * 3) % 4 + 1;
    if (hidesFrom > level) return word;
    return characters(word).map((character) => (isLetterOrNumber(character) ? "_" : character)).join("");
  }).join(" ");
}
