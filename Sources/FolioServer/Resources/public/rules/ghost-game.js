// A game of plain Ghost refereed as the server referees it (Ghost/Game.swift), for playing
// without a connection: 2–8 players, forgiving or classic rules, letters added at the end. A
// forgiving table refuses a letter that leaves no word and ends the round on a completed word; a
// classic one takes any letter, and the next player may challenge it or call the word. The loser
// of a round starts the next. The Swift tests replay random games, legal and not, through both
// (Tests/GhostTests/BrowserGhostTests.swift).

export const GHOST = ["G", "H", "O", "S", "T"];
export const MAXIMUM_FRAGMENT_LENGTH = 40;

/** A move the rules refuse: `code` as the server's GhostError names it, `message` as it says it. */
export class GhostRuleError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const refuse = (code, message) => { throw new GhostRuleError(code, message); };

/**
 * A new game on `words` (ghost-words.js) for `players` (their names), under `challenges`
 * ("forgiving" or "classic"), `firstPlayer` to move first.
 */
export function newGame(players, words, challenges = "forgiving", firstPlayer = 0) {
  if (players.length < 2 || players.length > 8) refuse("invalid_player_count", `A game needs 2 to 8 players, not ${players.length}.`);
  if (words.wordCount === 0) refuse("empty_dictionary", "The word list has no word of the minimum length, so there is nothing to play.");
  const first = firstPlayer >= 0 && firstPlayer < players.length ? firstPlayer : 0;
  return {
    players, words, challenges,
    letters: players.map(() => 0),
    fragment: "",
    toMove: first,
    lastMover: null,
    pendingChallenge: null,
    rounds: [],
    roundStarter: first,
    roundPlays: [],
  };
}

export const isOut = (game, player) => game.letters[player] >= GHOST.length;
export const activePlayers = (game) => game.players.map((_, i) => i).filter((i) => !isOut(game, i));
export function winner(game) {
  const active = activePlayers(game);
  return active.length === 1 ? active[0] : null;
}
export const isOver = (game) => winner(game) !== null;
/** The player who must act now: the challenged player while a challenge waits, else the player to move. */
export const playerToAct = (game) => (game.pendingChallenge ? game.pendingChallenge.challenged : game.toMove);
export const ghostLetters = (game, player) => GHOST.slice(0, game.letters[player]).join("");
/** Whether some counting word starts with the fragment. */
export const hasWordBehind = (game, fragment) => game.words.isPrefix(fragment);

/** Whether `word` answers a challenge at `fragment`: a counting word, longer, whose letters start with the fragment's. */
export function answers(game, word, fragment) {
  const alphabet = game.words.alphabet;
  if (!game.words.isWord(word)) return false;
  const letters = alphabet.indices(word), part = alphabet.indices(fragment);
  if (!letters || !part || letters.length <= part.length) return false;
  return part.every((c, i) => letters[i] === c);
}

function nextActive(game, player) {
  let p = player;
  for (let k = 0; k < game.players.length; k++) {
    p = (p + 1) % game.players.length;
    if (!isOut(game, p)) return p;
  }
  return player;
}

function endRound(game, loser, reason) {
  const contenders = activePlayers(game);
  game.letters[loser] += 1;
  const result = {
    loser, reason, fragment: game.fragment, lettersAfter: game.letters[loser], starter: game.roundStarter,
    plays: game.roundPlays, contenders, challenger: game.pendingChallenge ? game.pendingChallenge.challenger : null,
  };
  game.rounds.push(result);
  game.fragment = "";
  game.lastMover = null;
  game.pendingChallenge = null;
  game.roundPlays = [];
  game.toMove = isOut(game, loser) ? nextActive(game, loser) : loser;
  game.roundStarter = game.toMove;
  return result;
}

/** The fragment with `letter` added at the end, or why it cannot be. */
function adding(game, letter) {
  const alphabet = game.words.alphabet;
  if (alphabet.indexOf(letter) === null) refuse("invalid_letter", `“${letter.slice(0, 20)}” is not a letter of this game.`);
  const next = game.fragment + letter;
  if (alphabet.isLatin) return next;
  const played = (alphabet.split(game.fragment) || []).concat([letter]);
  const reading = alphabet.split(next) || [];
  if (played.join("\u0000") !== reading.join("\u0000")) {
    refuse("letters_run_together", `${played.join("-")} would read as ${reading.join("-")}: letters that spell another letter together cannot stand side by side. Play that letter instead.`);
  }
  return next;
}

/**
 * Does one action, changing `game`: {type: "letter", letter} | {type: "challenge"} |
 * {type: "answer", word (null concedes)}. Returns the round's result when it ends the round;
 * throws a GhostRuleError when the rules refuse it (the game is then unchanged).
 */
export function apply(game, action) {
  switch (action.type) {
    case "letter": return playLetter(game, action.letter);
    case "challenge": return challenge(game);
    case "answer": return answer(game, action.word);
    default: return refuse("invalid_action", "Not a move of Ghost.");
  }
}

function playLetter(game, letter) {
  if (isOver(game)) refuse("game_over", "The game is over. Start a new game.");
  if (game.pendingChallenge) refuse("challenge_pending", "A challenge is waiting for an answer: name a word or concede first.");
  if (game.words.alphabet.indexOf(letter) === null) refuse("invalid_letter", `“${String(letter).slice(0, 20)}” is not a letter of this game.`);
  if (game.roundPlays.length >= MAXIMUM_FRAGMENT_LENGTH) {
    refuse("fragment_too_long", `The fragment already has ${MAXIMUM_FRAGMENT_LENGTH} letters, the most a round allows. Challenge the last letter instead.`);
  }
  const next = adding(game, letter);
  if (game.challenges === "forgiving" && !hasWordBehind(game, next)) {
    refuse("invalid_letter", `“${letter}” is not a letter that can be added here: no word goes on that way. Try another.`);
  }
  game.fragment = next;
  game.roundPlays = game.roundPlays.concat([{ mover: game.toMove, letter }]);
  if (game.challenges === "forgiving" && game.words.isWord(game.fragment)) {
    return endRound(game, game.toMove, { kind: "completedWord", word: game.fragment });
  }
  game.lastMover = game.toMove;
  game.toMove = nextActive(game, game.toMove);
  return null;
}

function challenge(game) {
  if (isOver(game)) refuse("game_over", "The game is over. Start a new game.");
  if (game.pendingChallenge) refuse("challenge_pending", "A challenge is waiting for an answer: name a word or concede first.");
  if (game.lastMover === null || game.fragment === "") refuse("nothing_to_challenge", "There is no letter to challenge yet.");
  game.pendingChallenge = { challenger: game.toMove, challenged: game.lastMover };
  if (game.challenges === "classic" && game.words.isWord(game.fragment)) {
    return endRound(game, game.lastMover, { kind: "calledWord", word: game.fragment });
  }
  return null;
}

function answer(game, word) {
  if (isOver(game)) refuse("game_over", "The game is over. Start a new game.");
  const pending = game.pendingChallenge;
  if (!pending) refuse("no_challenge_pending", "Nobody has been challenged, so there is nothing to answer.");
  if (word === null || word === undefined) return endRound(game, pending.challenged, { kind: "conceded" });
  // Spaces and tabs at either end, as the server trims them (and nothing else).
  const typed = String(word).replace(/^[ \t]+|[ \t]+$/g, "");
  const named = game.words.alphabet.word(typed) || typed;
  if (answers(game, named, game.fragment)) return endRound(game, pending.challenger, { kind: "failedChallenge", word: named });
  return endRound(game, pending.challenged, { kind: "invalidAnswer", word: named });
}

/**
 * What happened in a round, for the players: who lost it, why, and what it cost them
 * (`RoundResult.summary`). `you` is the seat of the player the page speaks to, if one (`SeatNaming`).
 */
export function roundSummary(result, names, you = null) {
  const isYou = (seat) => seat !== null && seat !== undefined && seat === you;
  const name = (seat) => (seat !== null && seat !== undefined && seat >= 0 && seat < names.length ? names[seat] : "Someone");
  const subject = (seat) => (isYou(seat) ? "You" : name(seat));
  const object = (seat) => (isYou(seat) ? "you" : name(seat));
  const possessive = (seat) => (isYou(seat) ? "your" : `${name(seat)}’s`);
  const verb = (seat, third, second) => (isYou(seat) ? second : third);
  const letters = GHOST.slice(0, result.lettersAfter).join("");
  const loser = result.loser;
  const cost = result.lettersAfter >= GHOST.length
    ? `${verb(loser, "takes", "take")} the last letter, ${letters}, and ${verb(loser, "is", "are")} out`
    : `${verb(loser, "takes", "take")} a letter: ${letters}`;
  const reason = result.reason;
  switch (reason.kind) {
    case "completedWord": return `${subject(loser)} completed “${reason.word}” and ${cost}.`;
    case "calledWord": return `${subject(result.challenger)} called “${reason.word}”, a word: ${object(loser)} completed it and ${cost}.`;
    case "conceded": return `${subject(loser)} could not answer ${possessive(result.challenger)} challenge at “${result.fragment}” and ${cost}.`;
    case "invalidAnswer": {
      const shown = reason.word === "" ? "nothing" : `“${reason.word}”`;
      return `${subject(loser)} answered ${shown}, which is not a word of the dictionary starting with “${result.fragment}”, and ${cost}.`;
    }
    case "failedChallenge": return `${subject(loser)} challenged, but “${reason.word}” is a word; ${object(loser)} ${cost}.`;
    default: return `${subject(loser)} ${cost}.`;
  }
}

/** Replays stored actions on a new game; the first one the rules refuse is thrown. */
export function replay(players, words, challenges, firstPlayer, actions) {
  const game = newGame(players, words, challenges, firstPlayer);
  for (const action of actions) apply(game, action);
  return game;
}
