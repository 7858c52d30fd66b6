// On the online list of pairs: sends the changes made to pairs on this device, keeps every pair
// of the account on it (fetched again only when they have changed), and asks the service worker
// to keep the page that shows them (/vocab/offline), so that after this one visit the pairs can
// be listed, added to, edited and deleted without a connection.
import { devicePairs } from "./vocab-pairs-data.js";
import { plural } from "./offline-ui.js";

const take = document.getElementById("pairs-take");
if (take && navigator.onLine !== false && "caches" in window) {
  const device = devicePairs(take.dataset.account, { pairs: take.dataset.pairs, sync: take.dataset.sync });
  const note = document.getElementById("pairs-take-status");
  (async () => {
    const sent = await device.sync();
    if (!sent.error) await device.refresh();
    const shown = await device.pairs();
    const waiting = device.read().queue.length;
    const parts = [`${plural(shown.pairs.length, "pair")} kept on this device`];
    // This page was drawn before they reached the server: a reload shows them.
    if (sent.applied) parts.push(`${plural(sent.applied, "change")} made on this device just synced (reload to see ${sent.applied === 1 ? "it" : "them"})`);
    if (waiting) parts.push(`${plural(waiting, "change")} waiting to sync`);
    // What the server did not take is told in full on the page that keeps the pairs.
    const notes = (device.read().notes || []).length;
    if (notes) parts.push(`${notes === 1 ? "1 change" : `${notes} changes`} made on this device ${notes === 1 ? "was" : "were"} not kept: the link says why`);
    note.textContent = parts.join("; ") + ".";
  })().catch(() => { /* the online list works as before */ });
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage({ type: "keep", url: new URL(take.querySelector("a").href, location.href).href });
    }).catch(() => {});
  }
}
