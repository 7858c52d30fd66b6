/// A person with an account. Every personal record in Folio belongs to one.
public struct Account: Sendable, Hashable, Codable {
    public var id: Int64
    public var username: String

    public init(id: Int64, username: String) {
        self.id = id
        self.username = username
    }
}

/// Why an account action was refused.
public enum AccountError: FolioError, Equatable {
    case invalidUsername
    case passwordTooShort
    case passwordTooLong
    case passwordsDiffer
    case usernameTaken(String)
    case wrongCredentials
    case tooManyAttempts(retryAfterSeconds: Int)
    case notLoggedIn
    case csrfMismatch

    public var kind: FolioErrorKind {
        switch self {
        case .invalidUsername, .passwordTooShort, .passwordTooLong, .passwordsDiffer: .invalidInput
        case .usernameTaken: .conflict
        case .wrongCredentials, .notLoggedIn: .unauthorized
        case .tooManyAttempts: .rateLimited
        case .csrfMismatch: .forbidden
        }
    }

    public var code: String {
        switch self {
        case .invalidUsername: "invalid_username"
        case .passwordTooShort: "password_too_short"
        case .passwordTooLong: "password_too_long"
        case .passwordsDiffer: "passwords_differ"
        case .usernameTaken: "username_taken"
        case .wrongCredentials: "wrong_credentials"
        case .tooManyAttempts: "too_many_attempts"
        case .notLoggedIn: "not_logged_in"
        case .csrfMismatch: "csrf_token_invalid"
        }
    }

    public var message: String {
        switch self {
        case .invalidUsername:
            "A username is 3 to 32 characters: letters, digits, '-', '_' or '.'."
        case .passwordTooShort:
            "A password needs at least \(AccountRules.minimumPasswordLength) characters."
        case .passwordTooLong:
            "A password can be at most \(AccountRules.maximumPasswordLength) bytes long."
        case .passwordsDiffer:
            "The two passwords differ. Type the same password twice."
        case .usernameTaken(let name):
            "The username \"\(name)\" is taken. Choose another."
        case .wrongCredentials:
            "That username and password do not match an account."
        case .tooManyAttempts(let seconds):
            "Too many failed log-ins. Try again in \(max(1, (seconds + 59) / 60)) minute\(seconds > 60 ? "s" : "")."
        case .notLoggedIn:
            "Log in first: this needs an account."
        case .csrfMismatch:
            "This form has expired or did not come from Folio. Reload the page and try again (an API call sends the folio_csrf cookie a Folio page sets, in an X-CSRF-Token header)."
        }
    }
}

/// What makes a username or password acceptable.
public enum AccountRules {
    public static let minimumPasswordLength = 8
    /// bcrypt reads at most 72 bytes; a longer password would be silently cut.
    public static let maximumPasswordLength = 72

    public static func validate(username: String) throws(AccountError) -> String {
        let name = username.trimmingSpaces
        guard (3...32).contains(name.count),
              name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) })
        else { throw .invalidUsername }
        return name
    }

    public static func validate(password: String, confirmation: String? = nil) throws(AccountError) {
        guard password.count >= minimumPasswordLength else { throw .passwordTooShort }
        guard password.utf8.count <= maximumPasswordLength else { throw .passwordTooLong }
        if let confirmation, confirmation != password { throw .passwordsDiffer }
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
