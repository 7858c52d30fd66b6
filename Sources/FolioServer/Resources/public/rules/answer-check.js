// Checking a typed answer against a pair, as the server checks it (Vocabulary/AnswerCheck.swift,
// Vocabulary/WelshMutation.swift, FolioCore/TextFolding.swift and Slip.swift): offline revision
// checks with this, and must give the verdict, the accepted form and the marked letters the server
// would give. The Swift tests generate thousands of cases from the Swift code and run this module
// on them in Node (Tests/VocabularyTests/BrowserRuleTests.swift); any difference fails them.
//
// Swift counts and compares characters as the reader sees them (grapheme clusters), and two
// strings that differ only in how an accent is encoded are equal there. So this module works on
// grapheme clusters (Intl.Segmenter) and brings every input to one encoding (NFC) first.

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The characters of `text` as Swift counts them. */
export function characters(text) {
  return Array.from(graphemes.segment(text), (piece) => piece.segment);
}

const WHITESPACE = /^\p{White_Space}/u;
const MARK = /^\p{M}$/u;
const UPPERCASE = /^\p{Uppercase}$/u;
const CASED = /^\p{Cased}$/u;

/** Swift's `Character.isWhitespace`: its first scalar has the White_Space property. */
function isWhitespace(character) {
  return WHITESPACE.test(character);
}

// Swift lower-cases scalar by scalar; toLowerCase on a whole string applies Greek's final-sigma
// rule ("ΟΔΟΣ" → "οδος", where Swift gives "οδοσ"), so each code point is lower-cased alone.
const lower = (text) => Array.from(text, (scalar) => scalar.toLowerCase()).join("");
const upper = (text) => Array.from(text, (scalar) => scalar.toUpperCase()).join("");

/** Swift's `Character.isUppercase`, step for step. */
function isUppercase(character) {
  const single = Array.from(character).length === 1;
  if (single && UPPERCASE.test(character)) return true;
  const uppercased = character === upper(character);
  const cased = (single && CASED.test(character)) || !uppercased || character !== lower(character);
  return uppercased && cased;
}

/** Words separated by runs of whitespace, joined by one space (Vocabulary's `Pair.singleLine`). */
export function singleLine(text) {
  const words = [];
  let word = "";
  for (const character of characters(text)) {
    if (isWhitespace(character)) {
      if (word) words.push(word);
      word = "";
    } else {
      word += character;
    }
  }
  if (word) words.push(word);
  return words.join(" ");
}

/** Lowercased, accents removed, curly apostrophes made straight, ligatures spelt out: "Gŵr" → "gwr". */
export function fold(text) {
  let folded = "";
  for (const scalar of text) {
    const code = scalar.codePointAt(0);
    if (code < 0x80) {
      folded += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : scalar;
      continue;
    }
    for (const part of scalar.normalize("NFD")) {
      if (MARK.test(part)) continue;
      switch (part) {
        case "\u2019": case "\u2018": case "\u02BC": folded += "'"; break;
        case "æ": case "Æ": folded += "ae"; break;
        case "œ": case "Œ": folded += "oe"; break;
        case "ß": folded += "ss"; break;
        default: folded += lower(part);
      }
    }
  }
  return folded;
}

/** One slip between two words: a letter wrong, missing or added, or two neighbours swapped. */
export function isOneSlip(a, b) {
  const x = characters(a), y = characters(b);
  if (x.length === y.length) {
    const different = x.map((_, i) => i).filter((i) => x[i] !== y[i]);
    if (different.length === 1) return true;
    return different.length === 2 && different[1] === different[0] + 1
      && x[different[0]] === y[different[1]] && x[different[1]] === y[different[0]];
  }
  if (Math.abs(x.length - y.length) !== 1) return false;
  const [long, short] = x.length > y.length ? [x, y] : [y, x];
  let i = 0;
  while (i < short.length && long[i] === short[i]) i += 1;
  return long.slice(i + 1).join("\u0000") === short.slice(i).join("\u0000");
}

// MARK: Welsh mutations

/** The letters Welsh writes with two characters; a word's first letter is read as one of these first. */
const DIGRAPHS = ["ch", "dd", "ff", "ng", "ll", "ph", "rh", "th"];
const VOWELS = ["a", "e", "i", "o", "u", "w", "y", "â", "ê", "î", "ô", "û", "ŵ", "ŷ", "á", "é", "í", "ó", "ú", "ẃ", "ý",
  "ä", "ë", "ï", "ö", "ü", "ẅ", "ÿ", "à", "è", "ì", "ò", "ù", "ẁ", "ỳ"];

/** Each mutation's radical first letter → mutated first letter, in the server's order. */
export const MUTATIONS = [
  { name: "soft", label: "soft mutation", table: [["p", "b"], ["t", "d"], ["c", "g"], ["b", "f"], ["d", "dd"], ["g", ""], ["m", "f"], ["ll", "l"], ["rh", "r"]] },
  { name: "nasal", label: "nasal mutation", table: [["p", "mh"], ["t", "nh"], ["c", "ngh"], ["b", "m"], ["d", "n"], ["g", "ng"]] },
  { name: "aspirate", label: "aspirate mutation", table: [["p", "ph"], ["t", "th"], ["c", "ch"]] },
  { name: "hBeforeVowel", label: "h before a vowel", table: VOWELS.map((vowel) => [vowel, "h" + vowel]) },
];

/** The word's first letter as Welsh counts letters. */
function firstLetter(word) {
  const letters = characters(lower(word));
  const digraph = DIGRAPHS.find((pair) => letters.length >= 2 && letters[0] + letters[1] === pair);
  return digraph ?? letters[0] ?? "";
}

/** The word under `mutation`, or null when its first letter does not mutate so; case is kept. */
export function mutate(mutation, word) {
  const first = firstLetter(word);
  const rule = first ? mutation.table.find(([radical]) => radical === first) : undefined;
  if (!rule) return null;
  const letters = characters(word);
  const rest = letters.slice(characters(first).length);
  const capital = letters.length > 0 && isUppercase(letters[0]);
  if (mutation.name === "hBeforeVowel") {
    return (capital ? "H" : "h") + (capital ? lower(letters[0]) : letters[0]) + rest.join("");
  }
  const mutated = rule[1];
  if (!mutated) {
    // Soft g disappears: the next letter takes the capital.
    if (rest.length === 0) return null;
    return (capital ? upper(rest[0]) : rest[0]) + rest.slice(1).join("");
  }
  const head = characters(mutated);
  return (capital ? upper(head[0]) + head.slice(1).join("") : mutated) + rest.join("");
}

function describeMutation(mutation, radical, form) {
  if (mutation.name === "hBeforeVowel") return `h before a vowel (${radical} → ${form})`;
  return `${mutation.label} of ${firstLetter(radical)} (${radical} → ${form})`;
}

/** Whether one of two folded words is a mutated form of the other. */
function mutationBetween(expected, typed) {
  for (const mutation of MUTATIONS) {
    const forward = mutate(mutation, expected);
    if (forward !== null && fold(forward).normalize("NFC") === typed) return { mutation, radical: expected, form: typed };
    const backward = mutate(mutation, typed);
    if (backward !== null && fold(backward).normalize("NFC") === expected) return { mutation, radical: typed, form: expected };
  }
  return null;
}

// MARK: Accepted forms

/** More forms than this are not generated; an answer with that many options is a note. */
const MAXIMUM_FORMS = 64;

/** Trimmed, single-spaced, straight apostrophes, without a final ".", "!" or "?". */
export function normalised(text) {
  let result = singleLine(text.replace(/[\u2019\u2018\u02BC]/gu, "'"));
  for (;;) {
    const letters = characters(result);
    const last = letters[letters.length - 1];
    if (last !== "." && last !== "!" && last !== "?") return result;
    result = singleLine(letters.slice(0, -1).join(""));
  }
}

/** Splits at each "/" outside parentheses with a space on at least one side. */
function alternatives(text) {
  const letters = characters(text);
  const pieces = [];
  let start = 0, depth = 0;
  letters.forEach((c, i) => {
    if (c === "(") depth += 1;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === "/" && depth === 0) {
      const spaced = i === 0 || isWhitespace(letters[i - 1]) || i === letters.length - 1 || isWhitespace(letters[i + 1]);
      if (spaced) {
        pieces.push(letters.slice(start, i).join(""));
        start = i + 1;
      }
    }
  });
  pieces.push(letters.slice(start).join(""));
  return pieces;
}

/** The forms of one alternative: each "( )" group present or absent, each slashed word one of its options. */
function expand(text) {
  const letters = characters(text);
  const segments = [];
  let literal = [];

  const flushLiteral = () => {
    if (literal.length === 0) return;
    let word = [];
    const flushWord = () => {
      if (word.length === 0) return;
      if (word.includes("/")) {
        const options = word.join("").split("/").filter((option) => option !== "");
        segments.push(options.length === 0 ? [""] : options);
      } else {
        segments.push([word.join("")]);
      }
      word = [];
    };
    for (const c of literal) {
      if (isWhitespace(c)) {
        flushWord();
        segments.push([c]);
      } else {
        word.push(c);
      }
    }
    flushWord();
    literal = [];
  };

  let i = 0;
  while (i < letters.length) {
    const c = letters[i];
    if (c === "(") {
      flushLiteral();
      let depth = 1, j = i + 1;
      while (j < letters.length) {
        if (letters[j] === "(") depth += 1;
        if (letters[j] === ")") { depth -= 1; if (depth === 0) break; }
        j += 1;
      }
      const options = [""];
      for (const alternative of alternatives(letters.slice(i + 1, j).join(""))) options.push(...expand(alternative));
      segments.push(options);
      i = j + 1;
    } else {
      if (c !== ")") literal.push(c);
      i += 1;
    }
  }
  flushLiteral();

  let forms = [""];
  for (const options of segments) {
    const next = [];
    outer: for (const form of forms) {
      for (const option of options) {
        next.push(form + option);
        if (next.length >= MAXIMUM_FORMS) break outer;
      }
    }
    forms = next;
  }
  return forms;
}

/** Every form the expected answer accepts, normalised, the written one first. */
export function acceptedForms(expected) {
  const candidates = [expected];
  for (const alternative of alternatives(expected)) candidates.push(alternative, ...expand(alternative));
  const seen = new Set();
  const forms = [];
  for (const candidate of candidates) {
    const form = normalised(candidate);
    const key = lower(form).normalize("NFC");
    if (form && !seen.has(key)) {
      seen.add(key);
      forms.push(form);
    }
  }
  return forms;
}

// MARK: Checking

/** The accepted form with the letters that differ from the typed answer marked. */
function difference(typed, expected) {
  const t = characters(typed), e = characters(expected);
  const same = (a, b) => lower(a).normalize("NFC") === lower(b).normalize("NFC");
  const parts = [], letters = [];
  if (t.length === e.length) {
    e.forEach((b, i) => {
      const differs = !same(t[i], b);
      if (differs) letters.push({ typed: t[i], expected: b });
      const last = parts[parts.length - 1];
      if (last && last.differs === differs) last.text += b;
      else parts.push({ text: b, differs });
    });
    return { parts, letters };
  }
  // Lengths differ only when a letter was typed as two ("ae" for "æ"): mark the stretch between
  // the common beginning and end.
  let prefix = 0;
  while (prefix < Math.min(t.length, e.length) && same(t[prefix], e[prefix])) prefix += 1;
  let suffix = 0;
  while (suffix < Math.min(t.length, e.length) - prefix && same(t[t.length - 1 - suffix], e[e.length - 1 - suffix])) suffix += 1;
  const typedMiddle = t.slice(prefix, t.length - suffix).join("");
  const expectedMiddle = e.slice(prefix, e.length - suffix).join("");
  if (prefix > 0) parts.push({ text: e.slice(0, prefix).join(""), differs: false });
  parts.push({ text: expectedMiddle, differs: true });
  if (suffix > 0) parts.push({ text: e.slice(e.length - suffix).join(""), differs: false });
  return { parts, letters: [{ typed: typedMiddle, expected: expectedMiddle }] };
}

/** "g[ŵ]r": the accepted form with differing letters in brackets. */
export function marked(difference) {
  return difference.parts.map((part) => (part.differs ? `[${part.text}]` : part.text)).join("");
}

/** "ŵ, not w", for a sentence under the answer. */
export function summary(difference) {
  return difference.letters.map((letter) => `${letter.expected}, not ${letter.typed === "" ? "nothing" : letter.typed}`).join("; ");
}

const VERDICT_LABELS = { right: "Right", almost: "Almost — mind the accents", wrong: "Not quite" };

function result(verdict, expected, matched = null, difference = null, almost = null) {
  let label = VERDICT_LABELS[verdict];
  if (almost === "typo") label = "Almost — a typo";
  else if (almost && almost !== "accents") label = `Almost — ${describeMutation(almost.mutation, almost.radical, almost.form)}`;
  const kind = almost === null ? null : typeof almost === "string" ? almost : "mutation";
  return { verdict, expected, matched, difference, label, almost: kind };
}

/** Shorter words are not forgiven a slip: "cat" for "cath" is another word. */
export const TYPO_WORD_LENGTH = 6;

/**
 * `typed` against `expected`: `{verdict: "right" | "almost" | "wrong", expected, matched, difference,
 * label, almost: "accents" | "typo" | "mutation" | null}`. `mutations` says how a word in another Welsh mutated form is taken: "ignored" (an English
 * answer), "almost", or "accepted" (a pair tagged Mutations).
 */
export function check(typed, expected, mutations = "ignored") {
  typed = typed.normalize("NFC");
  expected = expected.normalize("NFC");
  const answer = normalised(typed);
  const forms = acceptedForms(expected);
  if (!answer || forms.length === 0) return result("wrong", expected);

  const answerKey = lower(answer).normalize("NFC");
  const exact = forms.find((form) => lower(form).normalize("NFC") === answerKey);
  if (exact !== undefined) return result("right", expected, exact);
  const answerFold = fold(answer).normalize("NFC");
  const accents = forms.find((form) => fold(form).normalize("NFC") === answerFold);
  if (accents !== undefined) return result("almost", expected, accents, difference(answer, accents), "accents");

  // One word apart: a mutation of it, or a slip in a long one.
  const words = (text) => text.split(" ").filter((word) => word !== "");
  const typedWords = words(answerFold);
  for (const form of forms) {
    const formWords = words(fold(form).normalize("NFC"));
    if (formWords.length !== typedWords.length) continue;
    const apart = formWords.map((_, i) => i).filter((i) => formWords[i] !== typedWords[i]);
    if (apart.length !== 1) continue;
    const want = formWords[apart[0]], got = typedWords[apart[0]];
    if (mutations !== "ignored") {
      const related = mutationBetween(want, got);
      if (related) {
        if (mutations === "accepted") return result("right", expected, form);
        return result("almost", expected, form, difference(answer, form), related);
      }
    }
    if (characters(want).length >= TYPO_WORD_LENGTH && isOneSlip(want, got)) {
      return result("almost", expected, form, difference(answer, form), "typo");
    }
  }
  return result("wrong", expected);
}

/** The rating an answer proposes: Again (1) for wrong, Hard (2) for almost, Good (3) for right. */
export function proposedRating(verdict) {
  return verdict === "wrong" ? 1 : verdict === "almost" ? 2 : 3;
}

const CIRCUMFLEXED = {
  a: "â", e: "ê", i: "î", o: "ô", u: "û", w: "ŵ", y: "ŷ",
  A: "Â", E: "Ê", I: "Î", O: "Ô", U: "Û", W: "Ŵ", Y: "Ŷ",
};

/** Letters typed with a circumflex on a keyboard without Welsh keys: "w^" → "ŵ". */
export function typingAid(input) {
  if (!input.includes("^")) return input;
  let text = "";
  let pending = null;
  for (const character of characters(input)) {
    if (character === "^" && pending !== null && CIRCUMFLEXED[pending]) {
      text += CIRCUMFLEXED[pending];
      pending = null;
      continue;
    }
    if (pending !== null) text += pending;
    pending = character;
  }
  if (pending !== null) text += pending;
  return text;
}

/** The longest answer checked, in characters, as on the server (FolioApp's `Revision.longestAnswer`). */
export const LONGEST_ANSWER = 500;

/** What revision does with an answer: cut to `LONGEST_ANSWER`, typing aids applied, checked. */
export function checkAnswer(answer, expected, mutations) {
  const typed = typingAid(characters(answer).slice(0, LONGEST_ANSWER).join(""));
  return { typed, ...check(typed, expected, mutations) };
}
