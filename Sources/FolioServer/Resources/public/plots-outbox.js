// Keep and Remove pressed on a plot without a connection: kept on the device (per account, the
// latest press per plot, with the time it was made, and where to send it) and sent when the
// connection is back, from a plot page or the kept plots' page. A later change of the same plot on
// another device (kept again there, or let go) stands instead, and the page says so.

function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.getAttribute("content") || "" : "";
}

/** The presses waiting for `account` (the page's folio-account), reported through `say(message, done)`. */
export function plotOutbox(account, say) {
  const key = "folio-plot-outbox:" + account;

  function waiting() {
    try { return JSON.parse(localStorage.getItem(key)) || {}; } catch (error) { return {}; }
  }
  function store(all) {
    try {
      if (Object.keys(all).length) localStorage.setItem(key, JSON.stringify(all));
      else localStorage.removeItem(key);
      return true;
    } catch (error) {
      return false;
    }
  }

  /**
   * Keeps a press: {ids, seed?, kept (true: Keep, false: Remove), action (the form's address), and
   * for a Keep the plot's text and address, to list it among the kept plots meanwhile}. False when
   * the device cannot keep it.
   */
  function press(entry) {
    const all = waiting();
    all[entry.ids] = Object.assign({ madeAt: Date.now() }, entry);
    return store(all);
  }

  /** Takes back a press not yet sent (a plot kept on this device, then removed here). */
  function withdraw(ids) {
    const all = waiting();
    delete all[ids];
    return store(all);
  }

  let sending = false;
  /** Sends the waiting presses one at a time; `answered(answer)` hears what became of each ({ids, kept, applied, message}). */
  async function send(answered = () => {}, retried = false) {
    const all = waiting();
    const ids = Object.keys(all);
    if (sending || !ids.length || navigator.onLine === false) return;
    sending = true;
    const entry = all[ids[0]];
    let goOn = false;
    try {
      const response = await fetch(entry.action, {
        method: "POST", credentials: "same-origin",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken: csrfToken(), ids: entry.ids, seed: entry.seed || "", madeAt: String(entry.madeAt) }),
      });
      // A page kept from an earlier session carries an old token: a fresh one, then once more.
      if (response.status === 403 && !retried && window.folioFreshToken) {
        await window.folioFreshToken();
        sending = false;
        return send(answered, true);
      }
      if (response.status === 401 || response.status === 403) {
        say("Log in again to save the plots kept or removed without a connection: they stay on this device until then.", false);
      } else if (response.status >= 500 || response.status === 429) {
        // The server or a proxy in front of it not ready yet: the press waits for the next try.
        say(`Folio could not save a change to your kept plots just now (${response.status}): it stays on this device and is sent again later.`, false);
      } else {
        const answer = await response.json().catch(() => null);
        const now = waiting();
        if (now[entry.ids] && now[entry.ids].madeAt === entry.madeAt) delete now[entry.ids];
        store(now);
        if (!response.ok || !answer) {
          say(`A change to your kept plots made without a connection could not be saved (the server answered ${response.status}).`, false);
        } else {
          answered(answer);
          say(answer.message, answer.applied);
        }
        goOn = true;
      }
    } catch (error) {
      // Still no connection: it waits.
    }
    sending = false;
    if (goOn) return send(answered);
  }

  return { waiting, press, withdraw, send };
}
