import Foundation

/// Who is speaking: the character-type tags, in the order docs/tags.md lists them.
public enum CharacterType: String, Sendable, Codable, CaseIterable {
    case ruler, noble, soldier, lover, parent, villain, avenger, counsellor
    case clergy, servant, commoner, fool, rogue, supernatural, narrator
}

/// What the speech does: the action tags, in the order their lexicons are scored (ties go to
/// the earlier one).
public enum SpeechAction: String, Sendable, Codable, CaseIterable {
    case lamenting, grieving, entreating, mocking, threatening, raging, accusing, recounting, planning
    case inspiring, persuading, counselling, confessing, boasting, wooing, reflecting, praising, fearing
}
