// What a device keeps of Ghost played on it (public/ghost-offline.js), and the sending of games
// against the computer once it is online, to count for the account's scores. One account's
// state lives in localStorage under that account's tag (a visitor's under "visitor"):
//   game      the game in play: its setup and every action, replayed on load;
//   queue     finished games against the computer not yet acknowledged by the server, each with
//             the id it was made with (the server counts an id once, so sending twice is safe);
//   lastSync  when the server last answered (the device's clock), and `counted`/`notCounted`
//             what it said of the games then.

import { keptState, operationID, sendBatches } from "./offline-store.js";

/** The most games, and actions together, one sync sends (the server's `GhostReferee.offlineBatchLimit`, `offlineActionLimit`). */
const BATCH = 20;
const ACTIONS = 2000;

/** The oldest games waiting, as many as one sync may carry (a game is never split). */
function nextBatch(queue) {
  const batch = [];
  let actions = 0;
  for (const game of queue) {
    if (batch.length === BATCH || (batch.length > 0 && actions + game.actions.length > ACTIONS)) break;
    batch.push(game);
    actions += game.actions.length;
  }
  return batch;
}

export function storageKey(account) {
  return `folio-ghost-device:${account || "visitor"}`;
}

/** The game as the server takes it: the setup, and each action ("concede" for an answer of none). */
function payload(id, state) {
  const setup = state.setup;
  return {
    id, dictionary: setup.dictionary, minLength: setup.minimumLength, challenges: setup.challenges,
    seats: setup.seats, ownSeat: setup.seats.findIndex((seat) => seat.kind === "person"), firstPlayer: setup.firstPlayer,
    actions: state.actions.map((action) => (action.type === "answer" && action.word === null ? { type: "concede" }
      : action.type === "answer" ? { type: "answer", word: action.word } : action.type === "letter" ? { type: "letter", letter: action.letter }
        : { type: action.type })),
    startedAt: state.startedAt,
  };
}

/**
 * Whether a game can count for an account's scores: one person at the table, the rest hard
 * computers (the server cannot tell an easy computer's chance letters from a device's chosen ones).
 */
export function countsForScores(setup) {
  return setup.seats.filter((seat) => seat.kind === "person").length === 1 && setup.seats.every((seat) => seat.kind !== "easy");
}

export function deviceGhost(account, syncURL) {
  const { read, update } = keptState(storageKey(account), () => ({ game: null, queue: [], lastSync: null, counted: 0, notCounted: 0 }));

  /** Queues a finished game to count, once. */
  function queueFinished(state) {
    if (!account || state.queuedId || !countsForScores(state.setup)) return;
    state.queuedId = operationID();
    update((kept) => {
      kept.queue.push(payload(state.queuedId, state));
      if (kept.game) kept.game.queuedId = state.queuedId;
    });
  }

  let syncing = null;
  async function sync() {
    if (syncing) return syncing;
    if (!account || read().queue.length === 0) return { sent: 0 };
    syncing = sendBatches({
      url: syncURL, read,
      next: (state) => nextBatch(state.queue),
      body: (batch) => ({ account, games: batch }),
      answered: (batch, body) => {
        const answered = new Map(body.results.map((result) => [result.id, result]));
        update((kept) => {
          kept.queue = kept.queue.filter((game) => !answered.has(game.id));
          kept.counted = body.results.filter((result) => result.outcome !== "notCounted").length;
          kept.notCounted = body.results.filter((result) => result.outcome === "notCounted").length;
          kept.lastSync = Date.now();
        });
        return answered.size;
      },
    });
    try {
      return await syncing;
    } finally {
      syncing = null;
    }
  }

  return { read, update, queueFinished, sync };
}
