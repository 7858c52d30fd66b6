// A learner's pairs on this device, to list, search, add to, edit and delete from without a
// connection, and the changes made here sent once it is back.
//
// Two stores, each for what it holds best:
//   - every pair of the account, as the server last gave them (GET /api/v1/vocab/offline/pairs:
//     25,000 pairs are about 2 MB), in the Cache API under PAIRS_CACHE: too big for localStorage,
//     and fetched again only when its entity tag has changed;
//   - the changes made here, in localStorage under the account's tag (offline-store.js), written
//     before anything else happens, so a reload, a closed tab or a new service worker loses none:
//       queue    changes not yet answered by the server, oldest first: {id, kind: add|edit|delete,
//                pairId (a pair the server has) or localId ("new-" and the id of the add that made
//                it here), madeAt, pair}
//       settled  pairs as the server answered changes made here, until the next copy of every
//                pair (fetched after them) holds them: id → pair, or null once deleted
//       renamed  pairs added here, by the key they had here ("new-…"), → the id the server gave them
//       notes    what the server did not take, to show until read: {id, text, at}
//       lastSync when the server last answered (its clock), keptAt when the pairs were last fetched
//
// The server makes each change once (its id), and of two changes to one pair the later stands:
// what this device shows after a sync is what the server answered.

import { keptState, operationID, sendBatches } from "./offline-store.js";

export { operationID };

const PREFIX = "folio-offline-pairs:";
/** The service worker keeps this cache through updates and empties it when another account's pages are kept. */
export const PAIRS_CACHE = "folio-pairs-1";
/** The most changes one sync sends (the server's `OfflinePairs.batchLimit`). */
const BATCH = 500;

function empty() {
  return { queue: [], settled: {}, renamed: {}, notes: [], lastSync: null, keptAt: null };
}

export function storageKey(account) {
  return PREFIX + account;
}

/** What a pair is called in a note: "cat — cath", or its one side. */
export function pairName(pair) {
  return [pair.english, pair.welsh].filter((side) => side).join(" — ") || "A pair";
}

/** A pair's key in the device's list: the server's id, or "new-…" for one added here and not yet sent. */
function keyOf(change) {
  return change.pairId != null ? String(change.pairId) : change.localId;
}

/**
 * One account's pairs on this device. `urls`: {pairs, sync}.
 */
export function devicePairs(account, urls) {
  const { read, update } = keptState(storageKey(account), empty);

  // The kept copy as last read, by its entity tag: 25,000 pairs are 2.8 MB of JSON, read once
  // rather than on every list drawn, sync and refresh.
  let lastRead = null;

  /** The pairs as the server last gave them ({pairs, etag}), or null when none are kept. */
  async function keptPairs() {
    try {
      const cache = await caches.open(PAIRS_CACHE);
      const response = await cache.match(urls.pairs);
      if (!response) return null;
      const etag = response.headers.get("ETag");
      if (lastRead && etag && lastRead.etag === etag) return lastRead;
      const body = await response.json();
      if (body.account !== account) return null;
      lastRead = { pairs: body.pairs, etag };
      return lastRead;
    } catch (error) {
      return null;
    }
  }

  /**
   * Fetches every pair again when they have changed (the kept copy's entity tag is sent), once no
   * change made here waits: the copy is then the account's as it stands. Resolves to {error?}.
   */
  async function refresh() {
    if (read().queue.length > 0) return { error: "waiting" };
    const kept = await keptPairs();
    let response;
    try {
      response = await fetch(urls.pairs, {
        credentials: "same-origin", cache: "no-store",
        headers: Object.assign({ Accept: "application/json" }, kept && kept.etag ? { "If-None-Match": kept.etag } : {}),
      });
    } catch (error) {
      return { error: "offline" };
    }
    if (response.status === 401) return { error: "signed-out" };
    if (response.status === 304) {
      update((state) => { state.keptAt = Date.now(); state.settled = {}; });
      return {};
    }
    if (!response.ok) return { error: `The server answered ${response.status}.` };
    const copy = response.clone();
    const body = await response.json();
    if (body.account !== account) return { error: "other-account" };
    if (read().queue.length > 0) return { error: "waiting" };
    const cache = await caches.open(PAIRS_CACHE);
    await cache.put(urls.pairs, copy);
    update((state) => { state.keptAt = Date.now(); state.settled = {}; });
    return {};
  }

  /** The id the server gave a pair added here (its key here, "new-…"), once it has. */
  function renamed(key) {
    const id = read().renamed[key];
    return id == null ? null : id;
  }

  /** Every pair as this device shows it: the kept copy, what the server answered since, and the changes waiting. */
  async function pairs() {
    const kept = await keptPairs();
    const state = read();
    const byKey = new Map();
    for (const pair of (kept && kept.pairs) || []) byKey.set(String(pair.id), pair);
    for (const [id, pair] of Object.entries(state.settled)) {
      if (pair) byKey.set(id, pair);
      else byKey.delete(id);
    }
    for (const change of state.queue) {
      const key = change.kind === "add" ? "new-" + change.id : keyOf(change);
      if (change.kind === "delete") byKey.delete(key);
      else if (change.kind === "add" || byKey.has(key)) byKey.set(key, Object.assign({}, change.pair, { id: change.pairId != null ? change.pairId : key, waiting: true }));
    }
    return { kept: kept !== null, pairs: Array.from(byKey.values()) };
  }

  /**
   * Keeps a change made here: add (pair), edit (key, pair, fields: those changed) or delete (key);
   * `name` is what the pair is called should the server not take the change. A pair added here
   * and not yet on its way takes an edit into its add, and a deletion takes the add back: nothing
   * of it need reach the server. Returns the change kept.
   */
  function change(kind, key, pair, name, fields) {
    const made = { id: operationID(), kind, madeAt: Date.now(), name: name || pairName(pair || {}) };
    if (kind !== "add") {
      if (/^new-/.test(String(key))) made.localId = String(key);
      else made.pairId = Number(key);
    }
    if (kind !== "delete") {
      made.pair = { english: pair.english, welsh: pair.welsh, note: pair.note, type: pair.type, tags: pair.tags };
    }
    if (kind === "edit" && fields) made.fields = fields;
    return update((state) => {
      const add = made.localId && state.queue.find((item) => item.kind === "add" && "new-" + item.id === made.localId);
      if (add && !add.sending && !state.queue.some((item) => item.localId === made.localId)) {
        if (kind === "delete") state.queue = state.queue.filter((item) => item !== add);
        else Object.assign(add, { pair: made.pair, name: made.name });
        return add;
      }
      state.queue.push(made);
      return made;
    });
  }

  let syncing = null;

  /**
   * Sends the changes waiting, oldest first. A change of a pair added here goes once the server
   * has answered for the add, with the id it gave. Resolves to {sent, applied, error?}.
   */
  async function sync({ keepalive = false } = {}) {
    if (syncing) return syncing;
    let applied = 0;
    syncing = sendBatches({
      url: urls.sync, read, keepalive,
      next: (state) => {
        const batch = [];
        for (const change of state.queue) {
          if (change.localId) break;
          batch.push(change);
          if (batch.length === BATCH) break;
        }
        return batch;
      },
      body: (batch) => ({
        account,
        changes: batch.map(({ id, kind, pairId, pair, madeAt, fields }) => Object.assign({ id, kind, madeAt },
          pairId != null ? { pairId } : {}, pair ? { pair } : {}, fields ? { fields } : {})),
      }),
      // On their way: an add is no longer changed here, but followed by changes of its own.
      mark: (batch, onTheirWay) => {
        const ids = new Set(batch.map((item) => item.id));
        update((state) => { for (const item of state.queue) if (ids.has(item.id)) { if (onTheirWay) item.sending = true; else delete item.sending; } });
      },
      answered: (batch, body) => {
        const answered = new Map(body.results.map((result) => [result.id, result]));
        update((state) => {
          for (const result of body.results) {
            const change = batch.find((item) => item.id === result.id);
            if (!change) continue;
            const name = change.name || "A pair";
            if (change.kind === "add") {
              const localId = "new-" + change.id;
              const id = result.pair ? result.pair.id : null;
              if (id != null) {
                state.renamed[localId] = id;
                // Only a page still open on the pair as it was added needs this: the last hundred do.
                const keys = Object.keys(state.renamed);
                for (const key of keys.slice(0, Math.max(0, keys.length - 100))) delete state.renamed[key];
              }
              // Changes made here to the pair this add made now name it by the server's id.
              for (const later of state.queue) {
                if (later.localId !== localId) continue;
                delete later.localId;
                if (id != null) later.pairId = id;
                else later.drop = true;
              }
            }
            if (result.outcome === "applied" || result.outcome === "alreadyApplied") applied += 1;
            if (result.pair) state.settled[String(result.pair.id)] = result.pair;
            else if (change.pairId != null && result.outcome !== "refused") state.settled[String(change.pairId)] = null;
            if (result.outcome === "later") {
              state.notes.push({ id: change.id, at: Date.now(), text: `${name}: a later change from another device stands, so this device's ${change.kind === "delete" ? "deletion" : "edit"} was not kept.` });
            } else if (result.outcome === "gone") {
              state.notes.push({ id: change.id, at: Date.now(), text: `${name}: this pair was deleted on another device, so the change made here was not kept.` });
            } else if (result.outcome === "refused") {
              // The pair as it was typed stays with the note, to be added again once put right.
              state.notes.push({ id: change.id, at: Date.now(), text: `${name} was not saved: ${result.message}`,
                                 pair: change.kind === "add" ? change.pair : undefined });
            }
          }
          state.queue = state.queue.filter((item) => !answered.has(item.id) && !item.drop);
          for (const item of state.queue) delete item.sending;
          state.lastSync = body.syncedAt;
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
    return Object.assign({ applied }, result);
  }

  function dismissNotes() {
    update((state) => { state.notes = []; });
  }

  function dismissNote(id) {
    update((state) => { state.notes = state.notes.filter((note) => note.id !== id); });
  }

  return { read, update, pairs, change, sync, refresh, dismissNotes, dismissNote, keptPairs, renamed };
}
