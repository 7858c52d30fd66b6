// A plot from its seed, as the server deals it (Plots/Wheels.swift `plot(seed:)`): SplitMix64
// seeded with the seed (FolioCore/SeededRandom.swift) draws the subject, the predicate and the
// modifier in that order, each as the draw modulo the wheel's length. Offline, Spin deals with
// this, and the plot it shows is the one the server would show for the same seed; the browser
// suite holds the two together over a thousand seeds the server deals.
//
// The arithmetic is on 64-bit words, so it runs in BigInt: Number holds 53 bits.

const MASK = (1n << 64n) - 1n;
const GOLDEN = 0x9E3779B97F4A7C15n;

/** A SplitMix64 generator: `next()` gives the same words as Swift's `SeededRandom(seed:)`. */
export function seededRandom(seed) {
  let state = BigInt.asUintN(64, BigInt(seed));
  return {
    next() {
      state = (state + GOLDEN) & MASK;
      let z = state;
      z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
      z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
      return z ^ (z >> 31n);
    },
  };
}

/** The index of the entry each wheel comes to rest on for `seed`, given each wheel's length. */
export function plotIndices(seed, counts) {
  const random = seededRandom(seed);
  const pick = (count) => Number(random.next() % BigInt(count));
  const subject = pick(counts.subjects);
  const predicate = pick(counts.predicates);
  const modifier = pick(counts.modifiers);
  return { subject, predicate, modifier };
}

/** A new seed as the server makes one: a whole number from 0 to 2^32 - 1. */
export function newSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}
