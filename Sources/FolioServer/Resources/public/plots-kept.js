// The kept plots' page: Remove goes through the device (plots-outbox.js), online or not — the
// plot leaves the list at once, and the press is sent now or, without a connection (or with one
// that fails), when the connection is back; the page says what became of each.
import { plotOutbox } from "./plots-outbox.js";

const list = document.getElementById("kept-plots");
const account = document.querySelector('meta[name="folio-account"]');
const status = document.getElementById("kept-status");
const count = document.getElementById("kept-count");

// Each answer in a line of its own: several presses may be answered one after another.
const said = [];
function say(message) {
  if (!status || !message) return;
  said.push(message);
  status.replaceChildren(...said.slice(-5).map((line) => Object.assign(document.createElement("span"), { textContent: line, className: "kept-said" })));
}

if (list && account && account.getAttribute("content")) {
  const outbox = plotOutbox(account.getAttribute("content"), say);
  const forms = () => Array.from(list.querySelectorAll("form[data-ids]"));
  const rowOf = (form) => form.closest(".kept-plot");
  const total = count ? Number(count.dataset.total) : NaN;
  // The count as this device shows the list: the server's, less the plots removed here.
  function recount() {
    const here = list.querySelectorAll(".kept-here").length;
    const hidden = forms().filter((form) => rowOf(form).hidden).length;
    const kept = (Number.isNaN(total) ? 0 : total) - hidden + here;
    const empty = document.getElementById("kept-empty");
    if (empty) empty.hidden = kept > 0;
    if (!count) return;
    count.textContent = `${kept} plot${kept === 1 ? "" : "s"} kept`;
    count.hidden = kept === 0;
  }
  // Removed on this device and not yet sent: not shown (a kept copy of this page still lists it).
  function hideWaiting() {
    const waiting = outbox.waiting();
    for (const form of forms()) {
      const press = waiting[form.dataset.ids];
      if (press) rowOf(form).hidden = press.kept === false;
    }
    listWaitingKeeps();
  }
  // What the server answered stands: the plot shown while it is kept, gone once it is not.
  const send = () => outbox.send((answer) => {
    for (const form of forms()) if (form.dataset.ids === answer.ids) rowOf(form).hidden = !answer.kept;
    listWaitingKeeps();
  });
  // Kept on this device and not yet sent: listed first, with a Remove that takes the press back.
  function listWaitingKeeps() {
    for (const row of list.querySelectorAll(".kept-here")) row.remove();
    const listed = new Set(forms().map((form) => form.dataset.ids));
    const waiting = Object.values(outbox.waiting()).filter((press) => press.kept !== false && press.text && !listed.has(press.ids));
    for (const press of waiting.reverse()) {
      const row = Object.assign(document.createElement("li"), { className: "kept-plot card kept-here" });
      const link = Object.assign(document.createElement("a"), { className: "kept-link", href: press.href || "#" });
      link.append(Object.assign(document.createElement("span"), { className: "card-title", textContent: press.text }));
      const foot = Object.assign(document.createElement("div"), { className: "kept-foot" });
      const remove = Object.assign(document.createElement("button"), { type: "button", className: "secondary small", textContent: "Remove" });
      remove.setAttribute("aria-label", `Remove “${press.text}”`);
      remove.addEventListener("click", () => {
        outbox.withdraw(press.ids);
        listWaitingKeeps();
        say("Removed on this device: it had not reached your account yet.");
      });
      foot.append(Object.assign(document.createElement("span"), { className: "card-length", textContent: "Kept on this device" }), remove);
      row.append(link, foot);
      list.prepend(row);
    }
    recount();
  }

  list.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-ids]");
    if (!form) return;
    event.preventDefault();
    if (!outbox.press({ ids: form.dataset.ids, kept: false, action: form.action })) {
      // The device cannot keep it (storage full, say): the form goes as it would without script.
      form.submit();
      return;
    }
    hideWaiting();
    if (navigator.onLine === false) say("You are offline: the plot is removed on this device, and from your account when you are back online.");
    send();
  });
  window.addEventListener("online", send);
  hideWaiting();
  send();
}
