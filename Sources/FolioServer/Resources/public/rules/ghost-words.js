// A Ghost dictionary as the server plays it (Ghost/Alphabet.swift, Ghost/WordList.swift): the
// letters a list is spelled in — a–z, or Welsh's 29 with its eight two-character letters read
// greedily — and the counting words in a trie of two flat arrays, a mask of the letters that
// follow each node (bit 31: a word ends here) and the index of its first child. Ghost without a
// connection plays on these; the Swift tests generate lists, positions and games from the Swift
// code and run this module on them in Node (Tests/GhostTests/BrowserGhostTests.swift), and any
// difference fails them.
//
// The server sends a dictionary once as its counting words of three letters or more, sorted, each
// written as the letters it shares with the word before (a count) and the rest: "3" + "ial" after
// "abbess" is "abbial". `readPack` turns that back into words; `wordList` builds a game's trie
// from them at its minimum length.

const TERMINAL = 0x80000000;
const LETTER_BITS = 0x7fffffff;

/** The alphabets a game is played in, by the server's names. */
export const ALPHABETS = {
  latin: makeAlphabet("a–z", Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i)), false),
  welsh: makeAlphabet("Welsh", ["a", "b", "c", "ch", "d", "dd", "e", "f", "ff", "g", "ng", "h", "i", "j", "l", "ll",
    "m", "n", "o", "p", "ph", "r", "rh", "s", "t", "th", "u", "w", "y"], true),
};

/** Which alphabet each named dictionary is spelled in. */
export const DICTIONARY_ALPHABET = { english: "latin", dutch: "latin", welsh: "welsh" };

const VOWELS = new Set(["a", "e", "i", "o", "u", "w", "y"]);
const FOLDED_MARKS = new Set([0x300, 0x301, 0x302, 0x308]);

function makeAlphabet(name, letters, foldsAccents) {
  const index = new Map(letters.map((letter, i) => [letter, i]));
  const pairs = letters.filter((letter) => letter.length === 2);
  const isLatin = letters.length === 26 && letters.every((letter, i) => letter === String.fromCharCode(97 + i));

  /** The letters of a spelling as indices, read greedily (a two-character letter first); null when some part is no letter. */
  function indices(spelling) {
    const result = [];
    let i = 0;
    while (i < spelling.length) {
      const two = spelling.slice(i, i + 2);
      if (two.length === 2 && pairs.includes(two)) {
        result.push(index.get(two));
        i += 2;
      } else if (index.has(spelling[i])) {
        result.push(index.get(spelling[i]));
        i += 1;
      } else {
        return null;
      }
    }
    return result;
  }

  return {
    name, letters, foldsAccents, isLatin,
    count: letters.length,
    /** The index of one letter ("ll" is 15 in Welsh), or null. */
    indexOf: (letter) => (index.has(letter) ? index.get(letter) : null),
    indices,
    split: (spelling) => { const found = indices(spelling); return found && found.map((i) => letters[i]); },
    spell: (found) => found.map((i) => letters[i]).join(""),
    /**
     * A word as a person writes it, in this alphabet's letters: accents folded where the alphabet
     * folds them ("llŷn" is "llyn"); null when anything else is left (a capital, a digit, a space).
     */
    word(written) {
      if (!written) return null;
      if (/^[\x00-\x7f]*$/.test(written)) return indices(written) ? written : null;
      if (!foldsAccents) return null;
      let folded = "";
      for (const character of written.normalize("NFD")) {
        const code = character.codePointAt(0);
        if (FOLDED_MARKS.has(code) && VOWELS.has(folded[folded.length - 1])) continue;
        folded += character;
      }
      return /^[\x00-\x7f]*$/.test(folded) && indices(folded) ? folded : null;
    },
  };
}

/** The words of a dictionary as the server sends it (front-coded, one a line). */
export function readPack(text) {
  const words = [];
  let previous = "";
  for (const line of text.split("\n")) {
    if (!line) continue;
    const shared = line.charCodeAt(0) - 48;
    previous = previous.slice(0, shared) + line.slice(1);
    words.push(previous);
  }
  return words;
}

/**
 * The counting words of `words` (spelled wholly in `alphabet`, at least `minimumLength`
 * letters) as a trie: {alphabet, minimumLength, wordCount, masks, firstChild} and the queries on it.
 */
export function wordList(words, minimumLength, alphabet) {
  // Each word one character a letter (97 + its index), so that sorting them sorts by letters.
  const encoded = [];
  for (const word of words) {
    const found = alphabet.word(word) === word ? alphabet.indices(word) : null;
    if (found && found.length >= minimumLength) encoded.push(String.fromCharCode(...found.map((c) => 97 + c)));
  }
  encoded.sort();
  const unique = encoded.filter((word, i) => i === 0 || word !== encoded[i - 1]);
  const masks = [0], firstChild = [0];
  const stack = [[0, 0, unique.length, 0]];
  while (stack.length) {
    const [node, lo0, hi, depth] = stack.pop();
    let lo = lo0, mask = 0;
    if (lo < hi && unique[lo].length === depth) {
      mask |= TERMINAL;
      lo += 1;
    }
    const groups = [];
    let k = lo;
    while (k < hi) {
      const c = unique[k].charCodeAt(depth) - 97;
      let e = k + 1;
      while (e < hi && unique[e].charCodeAt(depth) - 97 === c) e += 1;
      mask |= 1 << c;
      groups.push([k, e]);
      k = e;
    }
    masks[node] = mask >>> 0;
    const first = masks.length;
    firstChild[node] = first;
    groups.forEach(([start, end], g) => {
      masks.push(0);
      firstChild.push(0);
      stack.push([first + g, start, end, depth + 1]);
    });
  }
  return makeWordList(Uint32Array.from(masks), Int32Array.from(firstChild), unique.length, minimumLength, alphabet);
}

/** How many bits of a 32-bit mask are set: the letters a node has, and a child's place among them. */
export function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function makeWordList(masks, firstChild, wordCount, minimumLength, alphabet) {
  const list = {
    alphabet, minimumLength, wordCount, masks, firstChild,
    nodeCount: masks.length,
    child(node, c) {
      const m = masks[node], bit = (1 << c) >>> 0;
      if ((m & bit) === 0) return null;
      return firstChild[node] + popcount((m & (bit - 1)) >>> 0);
    },
    isTerminal: (node) => (masks[node] & TERMINAL) !== 0,
    /** The moves from a node: [letter index, child node] for each letter that may follow, in order. */
    children(node) {
      const result = [];
      const m = list.letterMask(node);
      for (let c = 0; c < alphabet.count; c++) if (m & (1 << c)) result.push([c, list.child(node, c)]);
      return result;
    },
    letterMask: (node) => (masks[node] & LETTER_BITS) >>> 0,
    /** The trie node of a fragment, or null when no counting word starts with it. */
    node(fragment) {
      const found = alphabet.indices(fragment);
      if (!found) return null;
      let n = 0;
      for (const c of found) {
        n = list.child(n, c);
        if (n === null) return null;
      }
      return n === 0 && wordCount === 0 ? null : n;
    },
    isPrefix: (fragment) => list.node(fragment) !== null,
    isWord(fragment) {
      const n = list.node(fragment);
      return n !== null && list.isTerminal(n);
    },
    /** The letters a mask holds, in alphabetical order. */
    letters(mask) {
      const result = [];
      for (let c = 0; c < alphabet.count; c++) if (mask & (1 << c)) result.push(alphabet.letters[c]);
      return result;
    },
    /** The shortest-then-alphabetically-first counting word that starts with the fragment: what a computer names. */
    someWord(fragment) {
      const start = list.node(fragment);
      if (start === null) return null;
      const queue = [[start, []]];
      for (let head = 0; head < queue.length; head++) {
        const [n, added] = queue[head];
        if (list.isTerminal(n)) return fragment + alphabet.spell(added);
        const m = list.letterMask(n);
        for (let c = 0; c < alphabet.count; c++) if (m & (1 << c)) queue.push([list.child(n, c), added.concat(c)]);
      }
      return null;
    },
  };
  return list;
}
