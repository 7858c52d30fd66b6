// On a favourite's rehearse page: leaves the favourite on this device as the server has it (the
// page carries it in #rehearse-offline's data-pack) and asks the service worker to keep the page
// that rehearses without a connection (/monologues/rehearse/offline), so that after one visit
// the favourite can be rehearsed offline. Lines rated offline and not yet sent go first. A rating
// made here when the connection has gone is kept on the device, and rehearsal goes on there.
import { deviceRehearsal } from "./rehearsal-offline-data.js";
import { plural, sendOnReturn } from "./offline-ui.js";

const holder = document.getElementById("rehearse-offline");
if (holder && holder.dataset.account) {
  const device = deviceRehearsal(holder.dataset.account, holder.dataset.sync);
  let pack = null;
  try { pack = JSON.parse(holder.dataset.pack); } catch (error) { /* rehearsal online works as before */ }
  const id = pack && pack.monologueId;

  function say(text) {
    holder.textContent = text;
    holder.hidden = !text;
  }
  function reflect() {
    const waiting = device.read().queue.length;
    say(waiting ? `${plural(waiting, "line")} rehearsed on this device ${waiting === 1 ? "waits" : "wait"} to sync.`
      : "Kept on this device: you can rehearse this speech without a connection too.");
  }

  if (pack) {
    try { device.keepPack(pack); } catch (error) { /* storage full or off: online rehearsal goes on */ }
    reflect();
  }
  if (navigator.onLine !== false && device.read().queue.length > 0) {
    device.sync().then((result) => {
      // What was rehearsed offline is in the server's page now, unless a line is being rated.
      if (!result.error && result.applied.has(id) && !document.getElementById("rate-form")) location.reload();
      else reflect();
    }).catch(reflect);
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage({ type: "keep", url: new URL(holder.dataset.offline, location.href).href });
    }).catch(() => {});
  }

  // A rating sent as the connection goes would be lost: it is kept here instead, and the next line
  // is asked by the page that rehearses on this device (the worker answers this address with it).
  for (const form of [document.getElementById("rate-form"), document.getElementById("rehearse-aloud-form")]) {
    if (!form || !pack) continue;
    form.addEventListener("submit", (event) => {
      if (navigator.onLine !== false || event.defaultPrevented) return;
      event.preventDefault();
      const number = Number(new FormData(form).get("line"));
      const rating = Number(event.submitter && event.submitter.value);
      const served = pack.lines[number - 1];
      const lines = device.linesOf(device.read(), id);
      const line = lines && lines[number - 1];
      if (!served || !line || !(rating >= 1 && rating <= 4)) return;
      // Rated here already (a second tap, or Back to this page): the first rating stands.
      const before = (served.progress && served.progress.card.lastReview) || 0;
      if (((line.progress && line.progress.card.lastReview) || 0) === before) device.rate(id, number, rating);
      location.assign(holder.dataset.rehearse);
    });
  }
  // A line is one line: Return checks it.
  const answer = document.getElementById("rehearse-answer");
  if (answer) sendOnReturn(answer);
  const restart = document.getElementById("restart-form");
  if (restart) {
    restart.addEventListener("submit", (event) => {
      if (navigator.onLine !== false) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      say("Starting again needs a connection: nothing was changed.");
    }, true);
  }
}
