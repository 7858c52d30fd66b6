// FSRS-6 scheduling, as the server schedules (Vocabulary/Scheduler.swift and MemoryModel.swift):
// offline revision and rehearsal rate cards with this, and the card a rating gives must be the
// card the server would store for the same rating at the same moment. Every formula is written
// operation for operation as the Swift one is (itself py-fsrs 6.3's). V8's Math.pow and the C
// library's pow may differ in the last bit, so stability and difficulty agree to twelve digits,
// and every state, step and due date exactly: the Swift tests replay the py-fsrs histories and
// 400 random ones with learners' own weights, retentions and steps through both and compare
// (Tests/VocabularyTests/BrowserRuleTests.swift). On sync the server schedules the reviews again
// itself, so what it stores is its own arithmetic.
//
// Dates are milliseconds since 1970. The server schedules without fuzz, so this has none.
//
// A card: {state: 1 learning | 2 review | 3 relearning, step: number | null,
//          stability: number | null, difficulty: number | null, due: ms, lastReview: ms | null}.

export const LEARNING = 1, REVIEW = 2, RELEARNING = 3;
export const AGAIN = 1, HARD = 2, GOOD = 3, EASY = 4;

/** py-fsrs 6.3's default weights, w0 … w20. */
export const STANDARD_WEIGHTS = [
  0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
  1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
];

const STABILITY_MINIMUM = 0.001;
const DAY_MICROSECONDS = 86_400_000_000;

/** Python's round(): halves to even. */
function roundHalfEven(x) {
  const floor = Math.floor(x);
  const fraction = x - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** `(end - start).days` in Python: whole microseconds, rounded down to days. */
export function wholeDays(startMs, endMs) {
  return Math.floor(roundHalfEven((endMs - startMs) * 1000) / DAY_MICROSECONDS);
}

/** A timedelta times a float keeps whole microseconds. */
const microseconds = (seconds) => roundHalfEven(seconds * 1_000_000) / 1_000_000;

/** `math.e ** x`: Python calls pow here, not exp, and the two can differ in the last bit. */
const powerOfE = (x) => Math.pow(2.718281828459045, x);
const atLeast = (floor, x) => (x < floor ? floor : x);
const clampDifficulty = (x) => (x < 1 ? 1 : x > 10 ? 10 : x);
const clampStability = (x) => atLeast(STABILITY_MINIMUM, x);

/** FSRS-6's memory model with weights `w`. */
function memoryModel(w) {
  const decay = -w[20];
  const factor = Math.pow(0.9, 1 / decay) - 1;
  const retrievability = (elapsedDays, stability) => Math.pow(1 + factor * elapsedDays / stability, decay);
  const initialStability = (rating) => clampStability(w[rating - 1]);
  const initialDifficulty = (rating) => w[4] - powerOfE(w[5] * (rating - 1)) + 1;
  const shortTermStability = (stability, rating) => {
    let increase = powerOfE(w[17] * (rating - 3 + w[18])) * Math.pow(stability, -w[19]);
    if (rating !== AGAIN) increase = atLeast(1, increase);
    return clampStability(stability * increase);
  };
  const nextDifficulty = (difficulty, rating) => {
    const target = initialDifficulty(EASY);
    const delta = -(w[6] * (rating - 3));
    const damped = difficulty + (10 - difficulty) * delta / 9;
    return clampDifficulty(w[7] * target + (1 - w[7]) * damped);
  };
  const forgetStability = (difficulty, stability, recall) => {
    const longTerm = w[11] * Math.pow(difficulty, -w[12]) * (Math.pow(stability + 1, w[13]) - 1) * powerOfE((1 - recall) * w[14]);
    const shortTerm = stability / powerOfE(w[17] * w[18]);
    return shortTerm < longTerm ? shortTerm : longTerm;
  };
  const recallStability = (difficulty, stability, recall, rating) => {
    const hardPenalty = rating === HARD ? w[15] : 1;
    const easyBonus = rating === EASY ? w[16] : 1;
    return stability * (1 + powerOfE(w[8]) * (11 - difficulty) * Math.pow(stability, -w[9])
      * (powerOfE((1 - recall) * w[10]) - 1) * hardPenalty * easyBonus);
  };
  return {
    decay, factor, retrievability,
    /** The memory after a review; `previous` null for a first review, `elapsedDays` null when unknown. */
    afterReview(previous, elapsedDays, rating) {
      if (previous === null) {
        return { stability: initialStability(rating), difficulty: clampDifficulty(initialDifficulty(rating)) };
      }
      let stability;
      if (elapsedDays !== null && elapsedDays < 1) {
        stability = shortTermStability(previous.stability, rating);
      } else {
        const recall = elapsedDays === null ? 0 : retrievability(Math.max(0, elapsedDays), previous.stability);
        stability = clampStability(rating === AGAIN
          ? forgetStability(previous.difficulty, previous.stability, recall)
          : recallStability(previous.difficulty, previous.stability, recall, rating));
      }
      return { stability, difficulty: nextDifficulty(previous.difficulty, rating) };
    },
  };
}

/** A card never reviewed, due at `nowMs`. */
export function newCard(nowMs) {
  return { state: LEARNING, step: 0, stability: null, difficulty: null, due: nowMs, lastReview: null };
}

/**
 * A scheduler as the learner has tuned it: `weights` (21, or null for the defaults), `desiredRetention`,
 * learning and relearning steps in seconds, the longest interval in days.
 */
export function scheduler({
  weights = null, desiredRetention = 0.9, learningSteps = [60, 600], relearningSteps = [600], maximumInterval = 36_500,
} = {}) {
  const model = memoryModel(weights ?? STANDARD_WEIGHTS);

  const nextInterval = (stability) => {
    const days = (stability / model.factor) * (Math.pow(desiredRetention, 1 / model.decay) - 1);
    return Math.min(Math.max(roundHalfEven(days), 1), maximumInterval);
  };

  const graduate = (card) => {
    card.state = REVIEW;
    card.step = null;
    return { days: nextInterval(card.stability) };
  };

  // Learning and Relearning move through their steps alike.
  const advance = (card, steps, rating) => {
    const step = card.step ?? 0;
    if (steps.length === 0 || (step >= steps.length && rating !== AGAIN)) return graduate(card);
    switch (rating) {
      case AGAIN:
        card.step = 0;
        return { seconds: steps[0] };
      case HARD:
        card.step = step;
        if (step === 0 && steps.length === 1) return { seconds: microseconds(steps[0] * 1.5) };
        if (step === 0) return { seconds: microseconds((steps[0] + steps[1]) / 2) };
        return { seconds: steps[step] };
      case GOOD:
        if (step + 1 === steps.length) return graduate(card);
        card.step = step + 1;
        return { seconds: steps[step + 1] };
      default:
        return graduate(card);
    }
  };

  return {
    /** The card after a review with `rating` (1–4) at `atMs`; the card given is left as it was. */
    review(given, rating, atMs) {
      const card = { ...given };
      // A card read from JSON may leave out what it does not have yet.
      const previous = card.stability != null && card.difficulty != null
        ? { stability: card.stability, difficulty: card.difficulty } : null;
      const elapsed = card.lastReview == null ? null : wholeDays(card.lastReview, atMs);
      const memory = model.afterReview(previous, elapsed, rating);
      card.stability = memory.stability;
      card.difficulty = memory.difficulty;
      let wait;
      if (card.state === LEARNING) wait = advance(card, learningSteps, rating);
      else if (card.state === RELEARNING) wait = advance(card, relearningSteps, rating);
      else if (rating === AGAIN && relearningSteps.length > 0) {
        card.state = RELEARNING;
        card.step = 0;
        wait = { seconds: relearningSteps[0] };
      } else {
        wait = { days: nextInterval(card.stability) };
      }
      card.due = "seconds" in wait ? atMs + wait.seconds * 1000 : atMs + wait.days * 86_400_000;
      card.lastReview = atMs;
      return card;
    },

    /** When the card would be due after each rating at `atMs`: what the rating buttons show. */
    outcomes(card, atMs) {
      return [AGAIN, HARD, GOOD, EASY].map((rating) => ({ rating, due: this.review(card, rating, atMs).due }));
    },
  };
}
