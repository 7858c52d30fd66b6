// On the online revision page: takes today's cards to this device and asks the service worker
// to keep the page that revises them (/vocab/revise/offline), so that after this one visit
// revising works without a connection. Reviews made on the device and not yet sent go first.
import { deviceRevision } from "./vocab-offline-data.js";

const take = document.getElementById("offline-take");
if (take && navigator.onLine !== false) {
  const device = deviceRevision(take.dataset.account, { pack: take.dataset.pack, sync: take.dataset.sync });
  const note = document.getElementById("offline-take-status");
  (async () => {
    const sent = await device.sync();
    const state = device.read();
    if (!sent.error && (!state.session || state.session.finished)) await device.refresh();
    const kept = device.read();
    if (!kept.pack) return;
    const cards = new Set();
    for (const direction of Object.keys(kept.pack.queues)) for (const entry of kept.pack.queues[direction]) cards.add(`${entry.pair.id}:${direction}`);
    const waiting = kept.queue.length;
    note.textContent = `${cards.size} ${cards.size === 1 ? "card is" : "cards are"} kept on this device`
      + (waiting ? `; ${waiting} ${waiting === 1 ? "review waits" : "reviews wait"} to sync.` : ".");
  })().catch(() => { /* online revision works as before */ });
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage({ type: "keep", url: new URL(take.querySelector("a").href, location.href).href });
    }).catch(() => {});
  }
}
