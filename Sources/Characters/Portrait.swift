import FolioCore

/// A portrait drawn from a character's own colours: a head in the skin colour, hair in the hair
/// colour, eyes in the eye colour (a droid gets a dome and one lens), inside a yellow ring, the
/// initials beneath on black, on the browser's black and yellow. Always the same drawing for the same character; nothing copied.
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

    /// The frame every figure is clipped to: nothing of a figure (hair, a droid's body, a robe)
    /// reaches past the yellow ring.
    static let frame = (x: 120, y: 104, radius: 92)
    /// The initials' colour and the band they sit on: yellow on black, about 17:1.
    static let initialsInk = yellow
    static let initialsBand = "#000000"

    /// The portrait at full size, initials beneath the ring; `small` leaves them out and crops to
    /// the ring, for a list's thumbnail, where initials would be a few pixels high beside the
    /// name written in full.
    public static func svg(for character: Character, small: Bool = false) -> String {
        let skin = paint(character.skinColour) ?? "#b0a89e"
        let eye = paint(character.eyeColour) ?? "#222222"
        let hair = paint(character.hairColour)
        let droid = character.species.lowercased() == "droid"
        var shapes: [String] = []
        if droid {
            shapes.append(##"<path d="M76 140 V104 a44 44 0 0 1 88 0 V140 z" fill="\##(skin)" stroke="#000" stroke-width="3"/>"##)
            shapes.append(##"<rect x="76" y="140" width="88" height="36" rx="6" fill="\##(skin)" stroke="#000" stroke-width="3"/>"##)
            shapes.append(##"<circle cx="120" cy="104" r="14" fill="#111"/><circle cx="120" cy="104" r="7" fill="\##(eye)"/>"##)
        } else {
            if let hair { shapes.append(##"<ellipse cx="120" cy="92" rx="56" ry="54" fill="\##(hair)"/>"##) }
            shapes.append(##"<ellipse cx="120" cy="106" rx="44" ry="50" fill="\##(skin)"/>"##)
            shapes.append(##"<ellipse cx="103" cy="102" rx="7" ry="5" fill="#fff"/><circle cx="103" cy="102" r="4" fill="\##(eye)"/>"##)
            shapes.append(##"<ellipse cx="137" cy="102" rx="7" ry="5" fill="#fff"/><circle cx="137" cy="102" r="4" fill="\##(eye)"/>"##)
            shapes.append(##"<path d="M107 132 q13 9 26 0" fill="none" stroke="#3a2a20" stroke-width="3" stroke-linecap="round"/>"##)
            let robe = hair ?? "#444444"
            shapes.append(##"<path d="M52 196 q68 -48 136 0 v40 h-136 z" fill="\##(robe)"/>"##)
        }
        let title = Markup.escape(character.name)
        let f = frame
        // The small one is cropped to a square around the ring, so the face fills the thumbnail.
        let viewBox = small ? "\(f.x - f.radius - 6) \(f.y - f.radius - 6) \(2 * f.radius + 12) \(2 * f.radius + 12)" : "0 0 240 240"
        let initials = small ? "" : """
            <rect x="40" y="\(f.y + f.radius + 6)" width="160" height="\(240 - f.y - f.radius - 10)" rx="8" fill="\(initialsBand)"/>\
            <text x="120" y="228" text-anchor="middle" font-family="sans-serif" font-size="28" font-weight="700" \
            fill="\(initialsInk)">\(Markup.escape(initials(character.name)))</text>
            """
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(viewBox)" width="240" height="240" role="img" aria-label="\(title)">\
            <title>\(title)</title>\
            <defs><clipPath id="frame"><circle cx="\(f.x)" cy="\(f.y)" r="\(f.radius)"/></clipPath></defs>\
            <rect width="240" height="240" rx="24" fill="#000"/>\
            <g clip-path="url(#frame)">\(shapes.joined())</g>\
            <circle cx="\(f.x)" cy="\(f.y)" r="\(f.radius)" fill="none" stroke="\(yellow)" stroke-width="4"/>\
            \(initials)\
            </svg>
            """
    }
}
