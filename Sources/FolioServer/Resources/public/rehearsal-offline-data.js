// What a device keeps for rehearsing favourites without a connection, and sending the lines
// rated there once it is back. One account's favourites and waiting ratings live in localStorage
// under that account's tag (the tag the service worker keeps pages under), so two people sharing
// a phone never mix, and a reload, a closed tab or a new service worker loses nothing: a rating
// is written here before anything else happens.
//
// The kept state:
//   packs     each favourite as its rehearse page last brought it (RehearsalPackJSON): the lines
//             of the cut as saved on the server, each with its progress, and the scheduler;
//   lines     progress of lines rated here since their pack ("monologueId" → key → progress);
//   queue     ratings made here and not yet acknowledged by the server, oldest first, each with
//             the id it was made with (the server applies an id once, so sending twice is safe);
//   lastSync  when the server last acknowledged ratings (its clock, milliseconds);
//   notKept   ratings the server answered "gone" for at that sync: {favourite, cut}, the counts
//             for a speech no longer among the favourites and for a line since cut.

import { scheduler as makeScheduler } from "./rules/fsrs.js";
import { rated } from "./rules/rehearsal.js";
import { keptState, operationID, sendBatches } from "./offline-store.js";

const PREFIX = "folio-offline-rehearsal:";
/** The most ratings one sync sends (the server's `OfflineRevision.batchLimit`). */
const BATCH = 500;
/** Favourites kept: the ones rehearsed last. An actor with 500 favourites keeps these, not all. */
const MAX_PACKS = 40;

function empty() {
  return { packs: {}, lines: {}, queue: [], lastSync: null, notKept: null };
}

/** The kept state's name for one account's rehearsals (app.js reads it to warn at log-out). */
export function storageKey(account) {
  return PREFIX + account;
}

const lastReview = (progress) => (progress && progress.card.lastReview) || 0;

/**
 * The device's rehearsals for one account. Every change goes through `update`, which reads the
 * kept state afresh first, so two tabs never write over each other's waiting ratings.
 */
export function deviceRehearsal(account, syncURL) {
  const { read, update } = keptState(storageKey(account), empty);

  /**
   * Keeps a favourite as the server sent it with a page. Progress made here that the server now
   * knows (its line reviewed as late or later there) gives way to the server's.
   */
  function keepPack(pack) {
    if (!pack || pack.account !== account) return;
    update((state) => {
      const before = state.packs[pack.monologueId];
      if (before && before.now > pack.now) return;
      state.packs[pack.monologueId] = Object.assign({}, pack, { keptAt: Date.now() });
      const local = state.lines[pack.monologueId] || {};
      const served = new Map(pack.lines.map((line) => [line.key, line.progress]));
      for (const lineKey of Object.keys(local)) {
        const waiting = state.queue.some((op) => op.monologueId === pack.monologueId && op.key === lineKey);
        if (!waiting && (!served.has(lineKey) || lastReview(served.get(lineKey)) >= lastReview(local[lineKey]))) delete local[lineKey];
      }
      state.lines[pack.monologueId] = local;
      // The favourites rehearsed longest ago go first, never one with ratings waiting.
      const ids = Object.keys(state.packs).sort((a, b) => state.packs[b].keptAt - state.packs[a].keptAt);
      for (const id of ids.slice(MAX_PACKS)) {
        if (state.queue.some((op) => op.monologueId === id)) continue;
        delete state.packs[id];
        delete state.lines[id];
      }
    });
  }

  /** The favourite's lines, each with its progress as it stands on this device; null if not kept. */
  function linesOf(state, monologueId) {
    const pack = state.packs[monologueId];
    if (!pack) return null;
    const local = state.lines[monologueId] || {};
    return pack.lines.map((line) => {
      const mine = local[line.key];
      return Object.assign({}, line, { progress: mine && lastReview(mine) > lastReview(line.progress) ? mine : line.progress });
    });
  }

  /** Rates line `number` of a kept favourite now, keeps it, and queues it to be sent. */
  function rate(monologueId, number, rating) {
    return update((state) => {
      const lines = linesOf(state, monologueId);
      const line = lines && lines[number - 1];
      if (!line) return null;
      const now = Date.now();
      const after = rated(line, rating, now, makeScheduler(state.packs[monologueId].scheduler));
      state.lines[monologueId] = Object.assign(state.lines[monologueId] || {}, { [line.key]: after });
      state.queue.push({ id: operationID(), monologueId, key: line.key, rating, at: now });
      return after;
    });
  }

  let syncing = null;
  let again = false;

  /**
   * Sends the waiting ratings and drops those the server answered for. Resolves to {sent,
   * applied (monologue ids), error}: error "offline", "signed-out", "other-account" or a
   * message, when something is still waiting. Asked for while another runs, it runs again once
   * that one ends.
   */
  async function sync() {
    if (syncing) {
      again = true;
      return syncing;
    }
    const applied = new Set();
    syncing = sendBatches({
      url: syncURL, read,
      next: (state) => state.queue.slice(0, BATCH),
      body: (batch) => ({ account, reviews: batch.map(({ id, monologueId, key, rating, at }) => ({ id, monologueId, key, rating, at })) }),
      answered: (batch, body) => {
        const answered = new Map(body.results.map((result) => [result.id, result]));
        update((kept) => {
          kept.queue = kept.queue.filter((op) => !answered.has(op.id));
          const notKept = { favourite: 0, cut: 0 };
          for (const result of body.results) {
            const op = batch.find((item) => item.id === result.id);
            if (!op) continue;
            if (result.outcome === "applied") applied.add(op.monologueId);
            if (result.outcome === "gone") {
              notKept[result.reason === "lineCut" ? "cut" : "favourite"] += 1;
              // No longer a favourite: nothing of it is kept here either.
              if (result.reason !== "lineCut") {
                delete kept.packs[op.monologueId];
                delete kept.lines[op.monologueId];
              }
              continue;
            }
            // The server's line stands, unless a later rating made here is still waiting.
            if (!result.line || !kept.packs[op.monologueId]
                || kept.queue.some((item) => item.monologueId === op.monologueId && item.key === op.key)) continue;
            kept.lines[op.monologueId] = Object.assign(kept.lines[op.monologueId] || {}, { [op.key]: result.line });
          }
          kept.lastSync = body.syncedAt;
          kept.notKept = notKept.favourite + notKept.cut > 0 ? notKept : null;
        });
        return answered.size;
      },
    }).then((result) => Object.assign(result, { applied }));
    let result;
    try {
      result = await syncing;
    } finally {
      syncing = null;
    }
    if (again) {
      again = false;
      if (!result.error) {
        const more = await sync();
        return { sent: result.sent + more.sent, applied: new Set([...result.applied, ...more.applied]), error: more.error };
      }
    }
    return result;
  }

  return { read, update, keepPack, linesOf, rate, sync };
}
