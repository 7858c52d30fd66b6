// What every kind of work done without a connection keeps and sends alike
// (vocab-offline-data.js, rehearsal-offline-data.js): one account's state in localStorage under
// a key of its own, changed only through `update` (which reads it afresh first, so two tabs never
// write over each other's waiting work), operations with ids made on the device, and the sending
// of waiting operations in batches to the server, which applies each id once.

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

/** The state kept under `key`, with `empty()`'s fields wherever it has none (or cannot be read). */
export function keptState(key, empty) {
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
  return { read, update };
}

/**
 * Sends waiting operations until none is left to send. `next(state)` gives the next batch (empty:
 * done); `body(batch)` what is posted to `url`; `mark(batch, onTheirWay)` is told when a batch
 * leaves and, should it fail, when it is back; `answered(batch, body)` takes the server's
 * `{results, syncedAt}` in and returns how many were answered. Resolves to {sent, error}: error
 * "offline", "signed-out", "other-account" or the server's message, when something still waits.
 */
export async function sendBatches({ url, read, next, body, mark = () => {}, answered, keepalive = false }) {
  let sent = 0, retried = false;
  for (;;) {
    const batch = next(read());
    if (batch.length === 0) return { sent };
    mark(batch, true);
    let response;
    try {
      response = await fetch(url, {
        method: "POST", credentials: "same-origin", keepalive: keepalive && batch.length < 200,
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrfToken() },
        body: JSON.stringify(body(batch)),
      });
    } catch (error) {
      mark(batch, false);
      return { sent, error: "offline" };
    }
    let reply = null;
    try { reply = await response.json(); } catch (error) { /* said below */ }
    if (response.status === 403 && !retried && window.folioFreshToken) {
      // A page kept from an earlier session carries an old token: a fresh one, then once more.
      mark(batch, false);
      retried = true;
      try { await window.folioFreshToken(); continue; } catch (error) { return { sent, error: "signed-out" }; }
    }
    const refused = (error) => {
      mark(batch, false);
      return { sent, error };
    };
    if (response.status === 401 || response.status === 403) return refused("signed-out");
    if (response.status === 409 && reply && reply.error && reply.error.code === "other_account") return refused("other-account");
    if (!response.ok || !reply || !Array.isArray(reply.results)) {
      return refused((reply && reply.error && reply.error.message) || `The server answered ${response.status}.`);
    }
    const taken = answered(batch, reply);
    // An answer for none of what was sent would send the same batch for ever.
    if (taken === 0) {
      mark(batch, false);
      return { sent, error: "The server answered for none of what was sent." };
    }
    sent += taken;
  }
}
