// The kept plots' page: Remove pressed without a connection waits on the device
// (plots-outbox.js), the plot leaves the list at once, and the press is sent when the connection
// is back; the page says what became of it.
import { plotOutbox } from "./plots-outbox.js";

const list = document.getElementById("kept-plots");
const account = document.querySelector('meta[name="folio-account"]');
const status = document.getElementById("kept-status");

function say(message) {
  if (status) status.textContent = message;
}

if (list && account && account.getAttribute("content")) {
  const outbox = plotOutbox(account.getAttribute("content"), say);
  const rowOf = (form) => form.closest(".kept-plot");
  // Removed on this device and not yet sent: not shown (a kept copy of this page still lists it).
  function hideWaiting() {
    const waiting = outbox.waiting();
    for (const form of list.querySelectorAll("form[data-ids]")) {
      const press = waiting[form.dataset.ids];
      rowOf(form).hidden = !!(press && press.kept === false);
    }
  }
  list.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-ids]");
    if (!form || navigator.onLine !== false) return;
    event.preventDefault();
    if (outbox.press({ ids: form.dataset.ids, kept: false, action: form.action })) {
      hideWaiting();
      say("You are offline: the plot is removed on this device and from your account when you are back online.");
    } else {
      say("This device could not keep the change: remove the plot again once you are back online.");
    }
  });
  // What the server answered stands: the plot shown while it is kept, gone once it is not.
  const send = () => outbox.send((answer) => {
    for (const form of list.querySelectorAll("form[data-ids]")) if (form.dataset.ids === answer.ids) rowOf(form).hidden = !answer.kept;
  });
  window.addEventListener("online", send);
  hideWaiting();
  send();
}
