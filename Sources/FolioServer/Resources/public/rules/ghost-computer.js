// The computer at a table of plain Ghost, as the server's (Ghost/Solver.swift,
// Ghost/PositionGraph.swift's TableSearch, Ghost/ComputerPlayer.swift), for playing without a
// connection. The solver settles every position of two-player Ghost in one backward sweep over
// the trie (children always come after their parents); the table search finds the moves that are
// safe with three or more players in. Easy plays any legal letter (under classic rules, lost,
// it bluffs one time in three); hard plays perfectly. Both call a completed word, challenge a
// fragment with no word behind it and name a word when challenged. The Swift tests hold the
// solver, the table search and the computer's choices to the server's on every position of
// random lists and on the real lists' openings (Tests/GhostTests/BrowserGhostTests.swift).

import { activePlayers, hasWordBehind } from "./ghost-game.js";
import { popcount } from "./ghost-words.js";

/** The value of every position of `words` for two players: {wins, remaining} per trie node. */
export function solver(words) {
  const count = words.nodeCount;
  const wins = new Uint8Array(count);
  const remaining = new Uint32Array(count);
  const { masks, firstChild } = words;
  for (let n = count - 1; n >= 0; n--) {
    const m = masks[n];
    if (m & 0x80000000) continue;
    const letters = popcount((m & 0x7fffffff) >>> 0);
    const first = firstChild[n];
    let win = false, shortestWin = 0xffffffff, longestLoss = 0;
    for (let child = first; child < first + letters; child++) {
      if (masks[child] & 0x80000000) {
        longestLoss = Math.max(longestLoss, 1);
      } else if (wins[child]) {
        longestLoss = Math.max(longestLoss, remaining[child] + 1);
      } else {
        win = true;
        shortestWin = Math.min(shortestWin, remaining[child] + 1);
      }
    }
    wins[n] = win ? 1 : 0;
    remaining[n] = win ? shortestWin : longestLoss;
  }

  function position(fragment) {
    const n = words.node(fragment);
    if (n === null) throw Object.assign(new Error(`No word in the dictionary starts with "${fragment}".`), { code: "not_a_prefix" });
    if (words.isTerminal(n)) throw Object.assign(new Error(`"${fragment}" is already a word, so the round is over.`), { code: "already_a_word" });
    return n;
  }
  return {
    words,
    winsToMove: (fragment) => wins[position(fragment)] === 1,
    /** The letters that keep a win for the player to move, alphabetically; empty in a lost position. */
    winningLetters(fragment) {
      return words.children(position(fragment)).filter(([, child]) => !words.isTerminal(child) && !wins[child]).map(([c]) => words.alphabet.letters[c]);
    },
    movesLeft: (fragment) => remaining[position(fragment)],
    /** A perfect player's letter: the quickest win, or lost, the longest round; ties to the first letter. */
    bestMove(fragment) {
      const n = position(fragment);
      const winning = wins[n] === 1;
      let best = null;
      for (const [c, child] of words.children(n)) {
        const terminal = words.isTerminal(child);
        const length = terminal ? 1 : remaining[child] + 1;
        if (winning) {
          if (terminal || wins[child]) continue;
          if (best === null || length < best.length) best = { c, length };
        } else if (best === null || length > best.length) {
          best = { c, length };
        }
      }
      return words.alphabet.letters[best.c];
    },
  };
}

/** As the server's `TableSearch.defaultBudget`: the positions one search may settle. */
export const TABLE_SEARCH_BUDGET = 1_000_000;

/**
 * The letters at `fragment` that keep the player to move from losing the round when every other
 * of `players` plays against them; empty when none does; null when the fragment has no word
 * behind it or is a word, or the search ran over `budget` positions.
 */
export function safeMoves(words, players, fragment, budget = TABLE_SEARCH_BUDGET) {
  const start = words.node(fragment);
  if (start === null || words.isTerminal(start)) return null;
  const memo = new Map();
  const over = {};
  function opponentsCanBeat(n, turn) {
    if (memo.has(n)) return memo.get(n);
    if (memo.size >= budget) throw over;
    const next = (turn + 1) % players;
    let result;
    if (turn === 0) {
      result = true;
      for (const [, child] of words.children(n)) {
        if (words.isTerminal(child)) continue;
        if (!opponentsCanBeat(child, next)) { result = false; break; }
      }
    } else {
      result = false;
      for (const [, child] of words.children(n)) {
        if (words.isTerminal(child)) continue;
        if (opponentsCanBeat(child, next)) { result = true; break; }
      }
    }
    memo.set(n, result);
    return result;
  }
  const safe = [];
  try {
    for (const [c, child] of words.children(start)) {
      if (words.isTerminal(child)) continue;
      if (!opponentsCanBeat(child, 1)) safe.push(words.alphabet.letters[c]);
    }
  } catch (error) {
    if (error === over) return null;
    throw error;
  }
  return safe;
}

/** The letters that keep a word behind the fragment, in order. */
export function legalLetters(game) {
  const n = game.words.node(game.fragment);
  if (n === null) return [];
  return game.words.letters(game.words.letterMask(n));
}

/** The letters that leave no word behind the fragment (and do not run into another letter): what a bluff can be. */
export function bluffs(game) {
  const alphabet = game.words.alphabet;
  const fragmentLetters = alphabet.split(game.fragment) || [];
  return alphabet.letters.filter((letter) => {
    const next = game.fragment + letter;
    if (!alphabet.isLatin) {
      const reading = alphabet.split(next) || [];
      if (reading.join("\u0000") !== fragmentLetters.concat([letter]).join("\u0000")) return false;
    }
    return !hasWordBehind(game, next);
  });
}

/**
 * What a computer of `level` ("easy" or "hard") may do when it is to act in `game`, with `solve`
 * the list's solver: {answer: word or null} | {challenge: true} | {letters, bluffs}, the letters
 * it picks among at random and, easy and lost under classic rules, the bluffs it plays instead
 * one time in three (the server's `ComputerPlayer.choices`).
 */
export function computerChoices(game, level, solve) {
  const words = game.words;
  if (game.pendingChallenge) return { answer: words.someWord(game.fragment) };
  if (game.lastMover !== null && (words.isWord(game.fragment) || !hasWordBehind(game, game.fragment))) return { challenge: true };
  const legal = legalLetters(game);
  // A fragment that is no position throws in the solver: the server's `try?` reads that as nil.
  const attempt = (body, otherwise) => { try { return body(); } catch (error) { return otherwise; } };
  if (level === "easy") {
    const lost = game.challenges === "classic" && attempt(() => !solve.winsToMove(game.fragment), false);
    return { letters: legal, bluffs: lost ? bluffs(game) : [] };
  }
  if (activePlayers(game).length > 2) {
    const safe = safeMoves(words, activePlayers(game).length, game.fragment);
    if (safe && safe.length) return { letters: safe, bluffs: [] };
  } else {
    const winning = attempt(() => solve.winningLetters(game.fragment), []);
    if (winning.length) return { letters: winning, bluffs: [] };
  }
  return { letters: [attempt(() => solve.bestMove(game.fragment), legal[0])], bluffs: [] };
}

/** What a computer does when it is to act: one of its choices, at random (`random()` in [0, 1)). */
export function computerAction(game, level, solve, random = Math.random) {
  const choices = computerChoices(game, level, solve);
  if ("answer" in choices) return { type: "answer", word: choices.answer };
  if (choices.challenge) return { type: "challenge" };
  const pick = (list) => list[Math.floor(random() * list.length)];
  if (choices.bluffs.length && Math.floor(random() * 3) === 0) return { type: "letter", letter: pick(choices.bluffs) };
  return { type: "letter", letter: pick(choices.letters) };
}
