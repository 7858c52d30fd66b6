// Where a favourite's rehearsal stands and how a rating moves a line, as the server does it
// (FolioApp/Monologues/Rehearsal.swift: `plan` and `rated`): which line is asked next, the help
// it is asked with, and its card, help and word-perfect mark after a rating. Rehearsal without a
// connection uses this; the Swift tests generate drills and rating histories from the Swift code
// and run this module on them in Node (Tests/FolioAppTests/BrowserRehearsalTests.swift), and any
// difference fails them.
//
// A line: {number, key, cue, text, progress}, progress null for a line never rehearsed, else
// {key, card, help, wordPerfect, reviews, misses} with the card as public/rules/fsrs.js holds it.

import { AGAIN, EASY, GOOD, HARD, REVIEW, newCard } from "./fsrs.js";
import { LADDER } from "./drill-check.js";

/** The rung of LADDER with no help. */
export const UNAIDED = LADDER.length - 1;

/** As the server's `Rehearsal.learnAhead`: a line in its learning steps is asked this early when nothing else is. */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

/** The rung a stored help value asks with, clamped as `DrillPrompt.rung` clamps it. */
export function prompt(help) {
  return LADDER[Math.min(Math.max(help || 0, 0), UNAIDED)];
}

/** "First letters", "Some words hidden", "Every word hidden", "No help". */
export function promptLabel(rung) {
  if (rung.kind === "firstLetters") return "First letters";
  if (rung.kind === "hidden") return rung.level >= 4 ? "Every word hidden" : "Some words hidden";
  return "No help";
}

/** Word for word is Good, a slip or two Hard, anything else Again. */
export function proposedRating(verdict) {
  return verdict === "exact" ? GOOD : verdict === "close" ? HARD : AGAIN;
}

const byDue = (a, b) => a.progress.card.due - b.progress.card.due || a.number - b.number;

/**
 * Where the rehearsal stands at `now` (milliseconds): {next, due, new, nextDue, wordPerfect,
 * rehearsed, lines}. `next` is the most overdue line, else the first never asked, else one in its
 * learning steps due within `learnAheadMs`; null: rest until `nextDue`.
 */
export function plan(lines, now, learnAheadMs = LEARN_AHEAD_MS) {
  const due = lines.filter((line) => line.progress && line.progress.card.due <= now).sort(byDue);
  const learning = lines
    .filter((line) => line.progress && line.progress.card.state !== REVIEW && line.progress.card.due <= now + learnAheadMs)
    .sort(byDue)[0];
  const fresh = lines.filter((line) => !line.progress);
  const dues = lines.filter((line) => line.progress).map((line) => line.progress.card.due);
  return {
    next: due[0] || fresh[0] || learning || null,
    due: due.length,
    new: fresh.length,
    nextDue: dues.length ? Math.min(...dues) : null,
    wordPerfect: lines.filter((line) => line.progress && line.progress.wordPerfect).length,
    rehearsed: lines.length - fresh.length,
    lines: lines.length,
  };
}

/**
 * A line's progress after `rating` at `now`: its card moved by `scheduler` (fsrs.js), its help a
 * rung down with Good (two with Easy) and a rung back with Again, word-perfect when said with no
 * help at all and rated Good or Easy.
 */
export function rated(line, rating, now, scheduler) {
  const before = line.progress || { key: line.key, card: newCard(now), help: 0, wordPerfect: false, reviews: 0, misses: 0 };
  const after = { ...before, card: { ...before.card } };
  const unaided = after.help >= UNAIDED;
  after.card = scheduler.review(after.card, rating, now);
  after.reviews += 1;
  if (rating === AGAIN) {
    after.help = Math.max(0, after.help - 1);
    after.misses += 1;
    after.wordPerfect = false;
  } else if (rating === HARD) {
    after.wordPerfect = false;
  } else if (rating === GOOD || rating === EASY) {
    after.help = Math.min(UNAIDED, after.help + (rating === EASY ? 2 : 1));
    after.wordPerfect = unaided;
  }
  return after;
}
