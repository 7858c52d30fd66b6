/// A portrait drawn from a character's own colours: a head in the skin colour, hair in the hair
/// colour, eyes in the eye colour (a droid gets a dome and one lens), the initials beneath, on the
/// browser's black and yellow. Always the same drawing for the same character; nothing copied.
public enum Portrait {
    /// SWAPI's colour words, as paint.
    static let paints: [String: String] = [
        "blond": "#e8c872", "blonde": "#e8c872", "brown": "#6b4423", "black": "#1c1c1c", "white": "#eeeeee", "grey": "#9a9a9a",
        "gray": "#9a9a9a", "auburn": "#8d3b1f", "red": "#b3261e", "orange": "#e87a1e", "green": "#4f8a3c", "gold": "#d4af37",
        "fair": "#f1c9a5", "light": "#f3d3b5", "dark": "#6b4a35", "pale": "#efe6dd", "tan": "#c89b6d", "blue": "#3a6ea5",
        "yellow": "#e6c229", "hazel": "#8e7618", "blue-gray": "#6d8299", "silver": "#c0c0c0", "metal": "#8f8f8f",
        "pink": "#e8a0b4", "purple": "#6a4c93", "brown mottle": "#7a5230",
    ]
    static let unknownPaint = "#555555"
    static let yellow = "#ffe81f"

    /// The first colour word of a SWAPI colour list ("blue, white" → blue), as paint; nil for
    /// none, n/a and unknown.
    static func paint(_ colour: String) -> String? {
        let first = colour.lowercased().split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if ["none", "n/a", "unknown", ""].contains(first) { return nil }
        return paints[first] ?? paints[String(first.split(separator: " ").first ?? "")] ?? unknownPaint
    }

    public static func initials(_ name: String) -> String {
        let words = name.split { $0 == " " || $0 == "-" }.filter { $0.first?.isLetter == true || $0.first?.isNumber == true }
        return String(words.prefix(2).compactMap(\.first)).uppercased()
    }

    public static func svg(for character: Character) -> String {
        let skin = paint(character.skinColour) ?? "#b0a89e"
        let eye = paint(character.eyeColour) ?? "#222222"
        let hair = paint(character.hairColour)
        let droid = character.species.lowercased() == "droid"
        var shapes: [String] = []
        if droid {
            shapes.append(##"<path d="M70 150 V110 a50 50 0 0 1 100 0 V150 z" fill="\##(skin)" stroke="#000" stroke-width="3"/>"##)
            shapes.append(##"<rect x="70" y="150" width="100" height="40" rx="6" fill="\##(skin)" stroke="#000" stroke-width="3"/>"##)
            shapes.append(##"<circle cx="120" cy="112" r="14" fill="#111"/><circle cx="120" cy="112" r="7" fill="\##(eye)"/>"##)
        } else {
            if let hair { shapes.append(##"<ellipse cx="120" cy="96" rx="58" ry="56" fill="\##(hair)"/>"##) }
            shapes.append(##"<ellipse cx="120" cy="112" rx="46" ry="54" fill="\##(skin)"/>"##)
            shapes.append(##"<ellipse cx="102" cy="108" rx="7" ry="5" fill="#fff"/><circle cx="102" cy="108" r="4" fill="\##(eye)"/>"##)
            shapes.append(##"<ellipse cx="138" cy="108" rx="7" ry="5" fill="#fff"/><circle cx="138" cy="108" r="4" fill="\##(eye)"/>"##)
            shapes.append(##"<path d="M106 140 q14 10 28 0" fill="none" stroke="#3a2a20" stroke-width="3" stroke-linecap="round"/>"##)
            let robe = hair ?? "#444444"
            shapes.append(##"<path d="M64 200 q56 -40 112 0 v40 h-112 z" fill="\##(robe)" opacity="0.9"/>"##)
        }
        let title = escape(character.name)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="\(title)">\
            <title>\(title)</title>\
            <rect width="240" height="240" rx="24" fill="#000"/>\
            <circle cx="120" cy="112" r="100" fill="none" stroke="\(yellow)" stroke-width="4"/>\
            \(shapes.joined())\
            <text x="120" y="233" text-anchor="middle" font-family="sans-serif" font-size="22" font-weight="700" fill="\(yellow)">\(escape(initials(character.name)))</text>\
            </svg>
            """
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
