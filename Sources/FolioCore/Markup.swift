/// Text made safe to write inside markup (HTML or SVG) that code builds itself rather than a
/// template: portraits and statistics charts. Quotes are escaped too, so it is safe in attributes.
public enum Markup {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
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
