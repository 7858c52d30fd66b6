// What the pages that work without a connection (vocab-offline.js, rehearse-offline.js) show
// alike, as the server's pages show it: the rating buttons with when each brings the card or line
// back, and times of day.

/** A rating's value and name, as the server's `Rating`. */
export const RATINGS = [[1, "Again"], [2, "Hard"], [3, "Good"], [4, "Easy"]];

/**
 * "10 min" and "in 10 minutes", "3 d" and "in 3 days": as the online rating buttons say it
 * (VocabularyPages.Interval).
 */
export function interval(from, to) {
  const seconds = Math.max(0, (to - from) / 1000);
  const minutes = seconds / 60, hours = minutes / 60, days = hours / 24;
  const unit = (value, short, singular) => {
    // Whole numbers below ten months read best; beyond, a decimal says "about".
    const shown = value < 10 && (short === "mo" || short === "y") ? Math.round(value * 10) / 10 : Math.round(value);
    return { short: `${shown} ${short}`, inWords: `in ${shown} ${singular}${shown === 1 ? "" : "s"}` };
  };
  if (minutes < 59.5) return unit(Math.max(1, minutes), "min", "minute");
  if (hours < 23.5) return unit(hours, "h", "hour");
  if (days < 30.5) return unit(days, "d", "day");
  if (days < 365) return unit(days / 30.4375, "mo", "month");
  return unit(days / 365.25, "y", "year");
}

/** "14:05", on a 24-hour clock. */
export function clock(milliseconds) {
  return new Date(milliseconds).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A field for one line of text that wraps as it is typed: Return sends its form, as a one-line field would (Shift+Return still breaks the line). */
export function sendOnReturn(field) {
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      field.form.requestSubmit();
    }
  });
}

/**
 * The four rating buttons (the rating-buttons partial's markup): `dues[i]` is when rating i + 1
 * brings the card back, `proposed` the rating the check suggests (or null).
 */
export function ratingButtons(dues, now, proposed) {
  return RATINGS.map(([value, label]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `rating rating-${value}${value === proposed ? " proposed" : " secondary"}`;
    button.dataset.rating = String(value);
    const when = interval(now, dues[value - 1]);
    const name = Object.assign(document.createElement("span"), { className: "rating-name", textContent: label });
    const due = Object.assign(document.createElement("span"), { className: "rating-interval" });
    const shown = Object.assign(document.createElement("span"), { textContent: when.short });
    shown.setAttribute("aria-hidden", "true");
    const spoken = Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: `, again ${when.inWords}` });
    due.append(shown, spoken);
    button.append(name, due);
    return button;
  });
}
