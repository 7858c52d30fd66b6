// What a device keeps for revising without a connection, and sending what was done once it is
// back. One account's cards and waiting reviews live in localStorage under that account's tag
// (the tag the service worker keeps pages under), so two people sharing a phone never mix, and
// a new service worker, a reload or a closed tab loses nothing: every rating is written here
// before anything else happens.
//
// The kept state:
//   pack      the server's day of revision (GET /api/v1/vocab/offline): both directions' queues,
//             each pair with its card, the learner's scheduler, what the day's limits allow;
//   cards     cards as reviews made here since the pack left them ("pairId:direction" → card);
//   queue     reviews made here and not yet acknowledged by the server, oldest first, each with
//             the id it was made with (the server applies an id once, so sending twice is safe);
//   done      new cards and reviews of learned cards made here since the pack, against its limits,
//             and the study day they count in (the end of it, as the server gave it);
//   ratedOnline  pairs rated on the online revision pages since the pack ("pairId:direction"):
//             not asked again here until the next pack, which knows their new cards;
//   lastSync  when the server last acknowledged reviews (its clock, milliseconds);
//   session   the session under way, so that a reload goes on where it was.

import { keptState, sendBatches } from "./offline-store.js";

export { operationID } from "./offline-store.js";

const PREFIX = "folio-offline-revision:";
/** The most reviews one sync sends (the server's `OfflineRevision.batchLimit`). */
const BATCH = 500;

function empty() {
  return { pack: null, packAt: null, cards: {}, queue: [], done: { newCards: 0, reviews: 0, day: 0 }, lastSync: null, session: null,
           ratedOnline: {} };
}

/** The kept state's name for one account's revision (vocab.js writes its online ratings there too). */
export function storageKey(account) {
  return PREFIX + account;
}

export function cardKey(pairId, direction) {
  return `${pairId}:${direction}`;
}

/**
 * The device's revision for one account. `urls`: {pack, sync}. Every change goes through
 * `update`, which reads the kept state afresh first, so two tabs never write over each other's
 * waiting reviews.
 */
export function deviceRevision(account, urls) {
  const { read, update } = keptState(storageKey(account), empty);

  let syncing = null;
  // A sync asked for while one runs: the least it may hold back, run once that one ends.
  let again = null;

  /**
   * Sends the waiting reviews (all but the last `keep`, which stay here to be undone) and drops
   * those the server answered for. Resolves to {sent, error}: error "offline", "signed-out",
   * "other-account" or a message, when something is still waiting. Asked for while another runs,
   * it runs again once that one ends, so that nothing asked to go is left behind.
   */
  async function sync({ keep = 0, keepalive = false } = {}) {
    if (syncing) {
      again = again === null ? keep : Math.min(again, keep);
      return syncing;
    }
    syncing = sendBatches({
      url: urls.sync, read, keepalive,
      next: (state) => state.queue.slice(0, Math.max(0, state.queue.length - keep)).slice(0, BATCH),
      body: (batch) => ({ account, reviews: batch.map(({ id, pairId, direction, rating, at, seconds }) => ({ id, pairId, direction, rating, at, seconds })) }),
      // On their way: not to be taken back here now (undo asks the server then).
      mark: (batch, onTheirWay) => {
        const ids = new Set(batch.map((op) => op.id));
        update((kept) => { for (const op of kept.queue) if (ids.has(op.id)) { if (onTheirWay) op.sending = true; else delete op.sending; } });
      },
      answered: (batch, body) => {
        const ids = new Set(batch.map((op) => op.id));
        const answered = new Map(body.results.map((result) => [result.id, result]));
        update((kept) => {
          kept.queue = kept.queue.filter((op) => !answered.has(op.id));
          for (const op of kept.queue) if (ids.has(op.id)) delete op.sending;
          for (const result of body.results) {
            const op = batch.find((item) => item.id === result.id);
            // The server's card stands, unless a later review made here is still waiting.
            if (!op || !result.card || kept.queue.some((item) => item.pairId === op.pairId && item.direction === op.direction)) continue;
            kept.cards[cardKey(op.pairId, op.direction)] = result.card;
          }
          kept.lastSync = body.syncedAt;
        });
        return answered.size;
      },
    });
    let result;
    try {
      result = await syncing;
    } finally {
      syncing = null;
    }
    if (again !== null) {
      const keepNext = again;
      again = null;
      if (!result.error) return sync({ keep: keepNext, keepalive });
    }
    return result;
  }

  /** Fetches a new day of revision, once nothing waits to be sent (its limits count those). */
  async function refresh() {
    if (read().queue.length > 0) return { error: "waiting" };
    let response;
    try {
      response = await fetch(urls.pack, { credentials: "same-origin", headers: { Accept: "application/json" }, cache: "no-store" });
    } catch (error) {
      return { error: "offline" };
    }
    if (response.status === 401) return { error: "signed-out" };
    if (!response.ok) return { error: `The server answered ${response.status}.` };
    const pack = await response.json();
    // Another account's cards (this page kept from before a log-out) never go under this one's.
    if (pack.account !== account) return { error: "other-account" };
    return update((state) => {
      if (state.queue.length > 0) return { error: "waiting" };
      state.pack = pack;
      state.packAt = pack.now;
      state.cards = {};
      state.done = { newCards: 0, reviews: 0, day: pack.dayEnds };
      // What was rated online since the last day was taken, the new day knows.
      state.ratedOnline = {};
      // A session under way keeps the pairs it has asked, even those the new day no longer lists.
      if (state.session) state.session.pairs = state.session.pairs || {};
      return { pack };
    });
  }

  return { read, update, sync, refresh };
}
