/// A person with an account. Every personal record in Folio belongs to one.
public struct Account: Sendable, Hashable, Codable, Identifiable {
    /// An account's number: its own type, so no other number can be passed for it.
    public typealias ID = Identifier<Account>

    public var id: ID
    public var username: String

    public init(id: ID, username: String) {
        self.id = id
        self.username = username
    }
}

/// Why an account action was refused.
public enum AccountError: FolioError, Equatable {
    case invalidUsername(UsernameProblem)
    case passwordTooShort
    case passwordTooLong
    case passwordHasControlCharacters
    case passwordIsUsername
    case passwordsDiffer
    case usernameTaken(String)
    case wrongCredentials
    /// A log-in sent with a field left empty: said before anything is checked or counted.
    case loginIncomplete(missingUsername: Bool, missingPassword: Bool)
    case tooManyAttempts(retryAfterSeconds: Int)
    case tooManyRegistrations(retryAfterSeconds: Int)
    case notLoggedIn
    case csrfMismatch

    public var kind: FolioErrorKind {
        switch self {
        case .invalidUsername, .passwordTooShort, .passwordTooLong, .passwordHasControlCharacters, .passwordIsUsername, .passwordsDiffer,
             .loginIncomplete:
            .invalidInput
        case .usernameTaken: .conflict
        case .wrongCredentials, .notLoggedIn: .unauthorized
        case .tooManyAttempts, .tooManyRegistrations: .rateLimited
        case .csrfMismatch: .forbidden
        }
    }

    public var code: String {
        switch self {
        case .invalidUsername: "invalid_username"
        case .passwordTooShort: "password_too_short"
        case .passwordTooLong: "password_too_long"
        case .passwordHasControlCharacters: "password_control_characters"
        case .passwordIsUsername: "password_is_username"
        case .passwordsDiffer: "passwords_differ"
        case .usernameTaken: "username_taken"
        case .wrongCredentials: "wrong_credentials"
        case .loginIncomplete: "login_incomplete"
        case .tooManyAttempts: "too_many_attempts"
        case .tooManyRegistrations: "too_many_registrations"
        case .notLoggedIn: "not_logged_in"
        case .csrfMismatch: "csrf_token_invalid"
        }
    }

    /// Seconds to wait before trying again, for a refusal that passes with time (the Retry-After header).
    public var retryAfterSeconds: Int? {
        switch self {
        case .tooManyAttempts(let seconds), .tooManyRegistrations(let seconds): seconds
        default: nil
        }
    }

    public var message: String {
        switch self {
        case .invalidUsername(let problem):
            problem.message
        case .passwordTooShort:
            "A password needs at least \(AccountRules.minimumPasswordLength) characters."
        case .passwordTooLong:
            "A password can be at most \(AccountRules.maximumPasswordLength) bytes long (an accented letter counts as two, most emoji as four): only that much of it is ever checked."
        case .passwordHasControlCharacters:
            "A password cannot contain control characters (such as a tab or a NUL). Use letters, digits, spaces and punctuation."
        case .passwordIsUsername:
            "A password cannot be the username. Choose something only you know."
        case .passwordsDiffer:
            "The two passwords differ. Type the same password twice."
        case .usernameTaken(let name):
            "The username \"\(name)\" is taken. Choose another."
        case .wrongCredentials:
            "That username and password do not match an account."
        case .loginIncomplete(let missingUsername, let missingPassword):
            missingUsername && missingPassword ? "Type your username and your password to log in."
                : missingUsername ? "Type your username to log in." : "Type your password to log in."
        case .tooManyAttempts(let seconds):
            "Too many failed log-ins for this account from your network; try again in \(seconds) s."
        case .tooManyRegistrations(let seconds):
            "Too many accounts have been created from your network in the last hour; try again in \(max(1, (seconds + 59) / 60)) min."
        case .notLoggedIn:
            "Log in first: this needs an account."
        case .csrfMismatch:
            "This form has expired or did not come from Folio. Reload the page and try again (an API call sends the folio_csrf cookie a Folio page sets, in an X-CSRF-Token header)."
        }
    }
}

/// What is wrong with a username that was refused: one thing, the one to change first.
public enum UsernameProblem: Equatable, Sendable {
    case empty
    case tooShort(Int)
    case tooLong(Int)
    case character(Character)

    public var message: String {
        let lengths = AccountRules.usernameLengths
        switch self {
        case .empty:
            return "Choose a username."
        case .tooShort(let count):
            return "That username has \(count) character\(count == 1 ? "" : "s"): a username needs at least \(lengths.lowerBound)."
        case .tooLong(let count):
            return "That username has \(count) characters: a username can have at most \(lengths.upperBound)."
        // The characters allowed are in the form's hint, under the field: the message names only
        // what to change.
        case .character(let character):
            if character == " " { return "A username cannot have a space in it." }
            if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control || $0.properties.isWhitespace }) {
                return "A username cannot have a blank or control character in it."
            }
            if character.isLetter { return "A username cannot have “\(character)” in it: letters a to z only, without accents." }
            return "A username cannot have “\(character)” in it."
        }
    }
}

/// What makes a username or password acceptable.
public enum AccountRules {
    public static let minimumPasswordLength = 8
    /// bcrypt reads at most 72 bytes; a longer password would be silently cut.
    public static let maximumPasswordLength = 72

    public static let usernameLengths = 3...32

    public static func validate(username: String) throws(AccountError) -> String {
        let name = username.trimmingSpaces
        // The first character the rule refuses is named, so the form says what to change rather
        // than repeating the hint under the field.
        if let refused = name.first(where: { !isUsernameCharacter($0) }) { throw .invalidUsername(.character(refused)) }
        if name.isEmpty { throw .invalidUsername(.empty) }
        if name.count < usernameLengths.lowerBound { throw .invalidUsername(.tooShort(name.count)) }
        if name.count > usernameLengths.upperBound { throw .invalidUsername(.tooLong(name.count)) }
        return name
    }

    private static func isUsernameCharacter(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
    }

    /// The rules for a new password. `username` is the account's own name, refused as its password
    /// in any letter case.
    public static func validate(password: String, confirmation: String? = nil, username: String? = nil) throws(AccountError) {
        try validateShape(password: password)
        guard password.count >= minimumPasswordLength else { throw .passwordTooShort }
        if let username, password.trimmingSpaces.lowercased() == username.trimmingSpaces.lowercased() { throw .passwordIsUsername }
        if let confirmation, confirmation != password { throw .passwordsDiffer }
    }

    /// Every rule a sign-up breaks, at once: an empty form named only the username's problem,
    /// and a short password that did not match its confirmation only the length.
    public static func problems(username: String, password: String, confirmation: String?) -> [AccountError] {
        var found: [AccountError] = []
        var name: String?
        do { name = try validate(username: username) } catch { found.append(error) }
        do { try validate(password: password, username: name) } catch { found.append(error) }
        if let confirmation, confirmation != password { found.append(.passwordsDiffer) }
        return found
    }

    /// What any password presented must be, new or at log-in: no control characters (a NUL would
    /// end the string bcrypt reads, so "secret\0anything" would match "secret") and at most 72
    /// bytes, since bcrypt ignores the rest and a longer one would be checked only in part.
    public static func validateShape(password: String) throws(AccountError) {
        guard password.utf8.count <= maximumPasswordLength else { throw .passwordTooLong }
        guard !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .passwordHasControlCharacters
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    public var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
