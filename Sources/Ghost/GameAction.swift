extension Game.Action: Codable {
    /// A compact text form for storage and the wire: "l:a" adds a at the end, "s:a" at the
    /// start (Superghost), "c" challenges, "a:word" answers a challenge, "a" concedes, "t" is
    /// the turn timer running out.
    public var code: String {
        switch self {
        case .letter(let c, .end): "l:\(c)"
        case .letter(let c, .start): "s:\(c)"
        case .challenge: "c"
        case .answer(let word?): "a:\(word)"
        case .answer(nil): "a"
        case .timeOut: "t"
        }
    }

    public init?(code: String) {
        if code == "c" { self = .challenge; return }
        if code == "a" { self = .answer(nil); return }
        if code == "t" { self = .timeOut; return }
        if code.hasPrefix("a:") { self = .answer(String(code.dropFirst(2))); return }
        if code.hasPrefix("l:"), code.count == 3, let c = code.last { self = .letter(c); return }
        if code.hasPrefix("s:"), code.count == 3, let c = code.last { self = .letter(c, at: .start); return }
        return nil
    }

    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let action = Game.Action(code: code) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not a Ghost action: \(code)"))
        }
        self = action
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
