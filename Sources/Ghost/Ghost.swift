/// Ghost owns the word game's rules: word lists and their prefix index, the state of a game
/// (fragments, challenges, the letters G-H-O-S-T, elimination), and the solver that values
/// every position under perfect play, which computer players and hints are built on; for
/// Superghost, the infix index of the counting words and its solver.
///
/// It imports Foundation and FolioCore only, so an Apple-platform client can reuse it unchanged.
public enum Ghost {}
