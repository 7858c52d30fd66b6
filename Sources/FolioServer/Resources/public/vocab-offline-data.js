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
//   done      new cards and reviews of learned cards made here since the pack, against its limits;
//   lastSync  when the server last acknowledged reviews (its clock, milliseconds);
//   session   the session under way, so that a reload goes on where it was.

const PREFIX = "folio-offline-revision:";
/** The most reviews one sync sends (the server's `OfflineRevision.batchLimit`). */
const BATCH = 500;

function empty() {
  return { pack: null, packAt: null, cards: {}, queue: [], done: { newCards: 0, reviews: 0 }, lastSync: null, session: null };
}

export function cardKey(pairId, direction) {
  return `${pairId}:${direction}`;
}

/** An id for an operation made here: 128 random bits, as hex. */
export function operationID() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.getAttribute("content") : "";
}

/**
 * The device's revision for one account. `urls`: {pack, sync}. Every change goes through
 * `update`, which reads the kept state afresh first, so two tabs never write over each other's
 * waiting reviews.
 */
export function deviceRevision(account, urls) {
  const key = PREFIX + account;

  function read() {
    try {
      return Object.assign(empty(), JSON.parse(localStorage.getItem(key)) || {});
    } catch (error) {
      return empty();
    }
  }

  function update(change) {
    const state = read();
    const answer = change(state);
    localStorage.setItem(key, JSON.stringify(state));
    return answer;
  }

  let syncing = null;

  /**
   * Sends the waiting reviews (all but the last `keep`, which stay here to be undone) and drops
   * those the server answered for. Resolves to {sent, error}: error "offline", "signed-out" or a
   * message, when something is still waiting.
   */
  async function sync({ keep = 0, keepalive = false } = {}) {
    if (syncing) return syncing;
    syncing = (async () => {
      let sent = 0;
      for (;;) {
        const state = read();
        const batch = state.queue.slice(0, Math.max(0, state.queue.length - keep)).slice(0, BATCH);
        if (batch.length === 0) return { sent };
        let response;
        try {
          response = await fetch(urls.sync, {
            method: "POST", credentials: "same-origin", keepalive: keepalive && batch.length < 200,
            headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrfToken() },
            body: JSON.stringify({ reviews: batch.map(({ id, pairId, direction, rating, at, seconds }) => ({ id, pairId, direction, rating, at, seconds })) }),
          });
        } catch (error) {
          return { sent, error: "offline" };
        }
        if (response.status === 401 || response.status === 403) return { sent, error: "signed-out" };
        let body = null;
        try { body = await response.json(); } catch (error) { /* said below */ }
        if (!response.ok || !body || !Array.isArray(body.results)) {
          return { sent, error: (body && body.error && body.error.message) || `The server answered ${response.status}.` };
        }
        const answered = new Map(body.results.map((result) => [result.id, result]));
        update((kept) => {
          kept.queue = kept.queue.filter((op) => !answered.has(op.id));
          for (const result of body.results) {
            const op = batch.find((item) => item.id === result.id);
            // The server's card stands, unless a later review made here is still waiting.
            if (!op || !result.card || kept.queue.some((item) => item.pairId === op.pairId && item.direction === op.direction)) continue;
            kept.cards[cardKey(op.pairId, op.direction)] = result.card;
          }
          kept.lastSync = body.syncedAt;
        });
        sent += answered.size;
      }
    })();
    try {
      return await syncing;
    } finally {
      syncing = null;
    }
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
    return update((state) => {
      if (state.queue.length > 0) return { error: "waiting" };
      state.pack = pack;
      state.packAt = pack.now;
      state.cards = {};
      state.done = { newCards: 0, reviews: 0 };
      // A session under way keeps the pairs it has asked, even those the new day no longer lists.
      if (state.session) state.session.pairs = state.session.pairs || {};
      return { pack };
    });
  }

  return { read, update, sync, refresh };
}
