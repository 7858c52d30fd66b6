extension Game.Action: Codable {
    /// A compact text form for storage and the wire: "l:a" adds a at the end, "s:a" at the
    /// start (Superghost), "l:ll" adds the Welsh letter ll, "c" challenges, "a:word" answers a
    /// challenge, "a" concedes, "t" is the turn timer running out. A letter is a letter of one of
    /// the alphabets; whether it is one of the game's is the rules' to say when it is replayed.
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
        let letter = String(code.dropFirst(2))
        guard Alphabet.all.contains(where: { $0.index(of: letter) != nil }) else { return nil }
        if code.hasPrefix("l:") { self = .letter(letter); return }
        if code.hasPrefix("s:") { self = .letter(letter, at: .start); return }
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
