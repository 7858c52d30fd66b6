// Runs a browser rule module on cases the Swift side generated and reports where it answers
// otherwise: `node run-cases.mjs <answer-check|fsrs|drill|rehearsal> <cases.json>`. Prints one JSON object:
// {"count": n, "mismatches": m, "examples": [...]} and exits 0; the Swift test judges it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const rules = join(dirname(fileURLToPath(import.meta.url)), "../../Sources/FolioServer/Resources/public/rules");
const [rule, file] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(file, "utf8"));
// Swift leaves out a key whose value is nil; here that is null.
const nfc = (value) => (value === undefined ? null : typeof value === "string" ? value.normalize("NFC") : value);
const examples = [];
let mismatches = 0;
const differ = (input, expected, got) => {
  mismatches += 1;
  if (examples.length < 20) examples.push({ input, expected, got });
};

if (rule === "answer-check") {
  const { checkAnswer, marked, summary, proposedRating } = await import(join(rules, "answer-check.js"));
  for (const c of cases) {
    const r = checkAnswer(c.typed, c.expected, c.mutations);
    const got = {
      verdict: r.verdict, matched: r.matched, label: r.label, rating: proposedRating(r.verdict),
      marked: r.difference ? marked(r.difference) : null, summary: r.difference ? summary(r.difference) : null,
    };
    const want = { verdict: c.verdict, matched: c.matched, label: c.label, rating: c.rating, marked: c.marked, summary: c.summary };
    if (Object.keys(want).some((key) => nfc(want[key]) !== nfc(got[key]))) differ({ typed: c.typed, expected: c.expected, mutations: c.mutations }, want, got);
  }
} else if (rule === "fsrs") {
  const fsrs = await import(join(rules, "fsrs.js"));
  for (const history of cases) {
    const scheduler = fsrs.scheduler(history.scheduler);
    let card = fsrs.newCard(history.start);
    for (const [i, review] of history.reviews.entries()) {
      const outcomes = scheduler.outcomes(card, review.at).map((o) => o.due);
      card = scheduler.review(card, review.rating, review.at);
      const got = { ...card, outcomes };
      const want = review.card;
      const exact = ["state", "step", "due", "lastReview", "outcomes"].every((key) => JSON.stringify(nfc(want[key])) === JSON.stringify(nfc(got[key])));
      // Stability and difficulty to twelve significant digits: V8's Math.pow is not the C
      // library's, and the two can differ in the last bit. Every
      // state, step and due date, which is all a learner sees, must agree exactly.
      const close = (a, b) => (a === null || b === null ? a === b : Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b)));
      if (!exact || !close(nfc(want.stability), got.stability) || !close(nfc(want.difficulty), got.difficulty)) {
        differ({ history: history.name, review: i, at: review.at, rating: review.rating }, want, got);
        break;
      }
    }
  }
} else if (rule === "drill") {
  const { checkLine, showLine } = await import(join(rules, "drill-check.js"));
  const prompts = [{ kind: "firstLetters" }, ...[1, 2, 3, 4].map((level) => ({ kind: "hidden", level })), { kind: "none" }];
  for (const c of cases) {
    const r = checkLine(c.answer, c.line);
    const got = { verdict: r.verdict, slips: r.slips, label: r.label, shown: prompts.map((prompt) => showLine(prompt, c.line)) };
    const want = { verdict: c.verdict, slips: c.slips, label: c.label, shown: c.shown };
    if (JSON.stringify(got).normalize("NFC") !== JSON.stringify(want).normalize("NFC")) differ({ line: c.line, answer: c.answer }, want, got);
  }
} else if (rule === "rehearsal") {
  const { plan, rated } = await import(join(rules, "rehearsal.js"));
  const { scheduler: makeScheduler } = await import(join(rules, "fsrs.js"));
  // The server rehearses with the standard scheduler.
  const scheduler = makeScheduler();
  const close = (a, b) => (a === null || b === null ? a === b : Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b)));
  for (const c of cases) {
    const lines = c.lines.map((line) => ({ ...line, progress: null }));
    for (const [i, step] of c.steps.entries()) {
      const p = plan(lines, step.at);
      const gotPlan = { next: p.next ? p.next.number : null, due: p.due, new: p.new, nextDue: p.nextDue, wordPerfect: p.wordPerfect,
                        rehearsed: p.rehearsed, lines: p.lines };
      const wantPlan = Object.fromEntries(Object.keys(gotPlan).map((key) => [key, nfc(step.plan[key])]));
      const line = lines[step.line - 1];
      const after = rated(line, step.rating, step.at, scheduler);
      const want = step.after;
      const same = JSON.stringify(gotPlan) === JSON.stringify(wantPlan)
        && ["key", "help", "wordPerfect", "reviews", "misses"].every((key) => after[key] === want[key])
        && ["state", "step", "due", "lastReview"].every((key) => nfc(after.card[key]) === nfc(want.card[key]))
        && close(nfc(want.card.stability), after.card.stability) && close(nfc(want.card.difficulty), after.card.difficulty);
      if (!same) {
        differ({ lines: c.lines.length, step: i, at: step.at, line: step.line, rating: step.rating }, { plan: wantPlan, after: want }, { plan: gotPlan, after });
        break;
      }
      line.progress = after;
    }
  }
} else if (rule === "ghost" || rule === "ghost-openings") {
  const W = await import(join(rules, "ghost-words.js"));
  const G = await import(join(rules, "ghost-game.js"));
  const C = await import(join(rules, "ghost-computer.js"));
  const attempt = (body) => { try { return body(); } catch (error) { return null; } };
  // Swift leaves out a key whose value is nil: both sides are read with every key, null where absent.
  const whole = (value, keys) => Object.fromEntries(keys.map((key) => [key, nfc(value[key])]));
  const sortedJSON = (value) => JSON.stringify(value, value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).sort() : undefined);
  const positionOf = (words, solve, fragment, tables) => {
    const node = words.node(fragment);
    const playable = node !== null && !words.isTerminal(node);
    const got = {
      fragment, isWord: words.isWord(fragment), isPrefix: words.isPrefix(fragment), someWord: words.someWord(fragment),
      wins: playable ? attempt(() => solve.winsToMove(fragment)) : null,
      winning: playable ? attempt(() => solve.winningLetters(fragment)) : null,
      best: playable ? attempt(() => solve.bestMove(fragment)) : null,
      movesLeft: playable ? attempt(() => solve.movesLeft(fragment)) : null,
      legal: node === null ? [] : words.letters(words.letterMask(node)),
    };
    if (tables) {
      got.safe3 = playable ? C.safeMoves(words, 3, fragment) : null;
      got.safe4 = playable ? C.safeMoves(words, 4, fragment) : null;
    }
    return got;
  };
  const comparePositions = (label, words, solve, positions, tables) => {
    for (const want of positions) {
      const got = positionOf(words, solve, want.fragment, tables);
      const keys = Object.keys(got);
      if (JSON.stringify(whole(got, keys)) !== JSON.stringify(whole(want, keys))) {
        differ({ list: label, fragment: want.fragment }, whole(want, keys), got);
        return false;
      }
    }
    return true;
  };
  for (const c of cases) {
    if (rule === "ghost") {
      const words = W.wordList(W.readPack(c.pack), c.minimumLength, W.ALPHABETS[c.alphabet]);
      const trie = { wordCount: words.wordCount, masks: Array.from(words.masks), firstChild: Array.from(words.firstChild) };
      if (JSON.stringify(trie) !== JSON.stringify({ wordCount: c.wordCount, masks: c.masks, firstChild: c.firstChild })) {
        differ({ pack: c.pack, minimumLength: c.minimumLength }, { wordCount: c.wordCount, masks: c.masks }, trie);
        continue;
      }
      const solve = C.solver(words);
      if (!comparePositions(c.pack.slice(0, 40), words, solve, c.positions, true)) continue;
      games: for (const g of c.games) {
        const game = G.newGame(Array.from({ length: g.players }, (_, i) => `P${i}`), words, g.challenges, g.firstPlayer);
        for (const [i, step] of g.steps.entries()) {
          const action = { ...step.action };
          if (action.type === "answer" && action.word === undefined) action.word = null;
          let error = null, result = null;
          try { result = G.apply(game, action); } catch (e) { error = e.code || String(e); }
          const over = G.isOver(game);
          const got = {
            error, fragment: game.fragment, toMove: game.toMove, playerToAct: G.playerToAct(game), letters: game.letters,
            lastMover: game.lastMover, pending: game.pendingChallenge ? [game.pendingChallenge.challenger, game.pendingChallenge.challenged] : null,
            rounds: game.rounds.length, loser: result ? result.loser : null, reason: result ? result.reason.kind : null,
            word: result && result.reason.word !== undefined ? result.reason.word : null, winner: G.winner(game),
            summary: result ? G.roundSummary(result, game.players) : null,
            summaryToFirst: result ? G.roundSummary(result, game.players, 0) : null,
            easy: over ? null : sortedJSON(C.computerChoices(game, "easy", solve)),
            hard: over ? null : sortedJSON(C.computerChoices(game, "hard", solve)),
          };
          const want = whole(step, Object.keys(got));
          if (want.easy !== null) want.easy = sortedJSON(want.easy);
          if (want.hard !== null) want.hard = sortedJSON(want.hard);
          if (JSON.stringify(got) !== JSON.stringify(want)) {
            differ({ pack: c.pack.slice(0, 60), minimumLength: c.minimumLength, challenges: g.challenges, step: i, action: step.action }, want, got);
            break games;
          }
        }
      }
    } else {
      const listed = W.readPack(c.pack);
      for (const at of c.lengths) {
        const words = W.wordList(listed, at.minimumLength, W.ALPHABETS[c.alphabet]);
        if (words.wordCount !== at.wordCount || words.nodeCount !== at.nodeCount) {
          differ({ dictionary: c.dictionary, minimumLength: at.minimumLength }, { wordCount: at.wordCount, nodeCount: at.nodeCount },
                 { wordCount: words.wordCount, nodeCount: words.nodeCount });
          break;
        }
        if (!comparePositions(`${c.dictionary} ${at.minimumLength}`, words, C.solver(words), at.positions, false)) break;
      }
    }
  }
} else {
  throw new Error(`unknown rule ${rule}`);
}
console.log(JSON.stringify({ count: cases.length, mismatches, examples }));
