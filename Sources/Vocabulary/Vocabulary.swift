/// Vocabulary owns the English–Welsh trainer's rules: word/phrase pairs and their tags, checking
/// a typed answer (alternatives, optional words, accents), scheduling reviews with FSRS-6 and
/// fitting its weights to a learner's reviews, reading and writing FreeDict (dictd) dictionaries
/// and CSV/TSV files, and what a side of a pair says aloud and in which voice.
///
/// It imports Foundation and FolioCore only, so an Apple-platform client can reuse it unchanged.
public enum Vocabulary {}
