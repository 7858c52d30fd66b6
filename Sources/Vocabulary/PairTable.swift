import FolioCore
import Foundation

/// Pairs as CSV or TSV, one pair a row, in the columns English, Welsh, Note, Type, Tags (the
/// tags in one cell, joined with ", ").
///
/// Writing:
/// - CSV follows RFC 4180: a header row, CRLF line ends, and a field in double quotes when it
///   holds a comma, a quote (doubled), a line break or starts with "#".
/// - TSV is written for Anki (2.1.54 and later): it starts with Anki's file headers
///   `#separator:tab`, `#html:false` and `#columns:English⇥Welsh⇥Note⇥Type⇥Tags` (so Anki names
///   the columns and imports no header as a card), LF line ends, and a field is quoted the same way
///   as in CSV when it holds a tab, a quote or a line break — Anki reads such quoting in tab-separated
///   files too, whereas backslash escapes would be imported literally. The Tags column is not
///   declared as Anki's tags column, since Anki tags are separated by spaces, not commas.
/// - In both, a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a single
///   quote in front (OWASP's advice against CSV injection), so a spreadsheet shows it as text and
///   never runs it as a formula; a cell that starts with a quote gets a second one, so the quote a
///   learner typed survives. Reading removes exactly that one added quote: `'=1+2` reads as `=1+2`
///   and `''twas` as `'twas`, while `'twas` (no quote added) reads unchanged.
///
/// Reading accepts what either wrote and what spreadsheets and Anki produce: an optional UTF-8
/// byte order mark; CRLF, LF or CR line ends; an optional header row, recognised whatever its case
/// and used to find the columns in any order; Anki's leading `#key:value` header lines
/// (`#separator` sets the separator, `#columns` names the columns, `#tags column` marks a column
/// of space-separated Anki tags, `#html:true` turns `<br>` into line breaks and drops other
/// markup); blank rows and extra empty cells are ignored. A file that the format's separator
/// leaves in one column is read with the first of tab, semicolon and comma that splits it, as a
/// semicolon-separated spreadsheet export or a CSV file saved as .txt would otherwise import as
/// English only. Every malformed row is reported with its line number in one error and nothing is
/// returned, so a file is never half-imported.
public enum PairTable {
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case csv, tsv

        var separator: Unicode.Scalar { self == .csv ? "," : "\t" }
    }

    /// The format a file's name implies: .csv is CSV; .tsv, .tab and .txt (Anki's export) are TSV.
    public static func format(forFileName name: String) throws(VocabularyError) -> Format {
        switch (name as NSString).pathExtension.lowercased() {
        case "csv": .csv
        case "tsv", "tab", "txt": .tsv
        default: throw .unsupportedFileType(fileName: (name as NSString).lastPathComponent)
        }
    }

    enum Column: String, CaseIterable {
        case english, welsh, note, type, tags

        var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

        init?(header: String) {
            switch TextFolding.fold(header.trimmingCharacters(in: .whitespaces)) {
            case "english": self = .english
            case "welsh": self = .welsh
            case "note", "notes": self = .note
            case "type": self = .type
            case "tags", "tag": self = .tags
            default: return nil
            }
        }
    }

    // MARK: - Writing

    public static func write(_ pairs: [Pair], format: Format) -> String {
        let newline = format == .csv ? "\r\n" : "\n"
        let separator = String(format.separator)
        let titles = Column.allCases.map(\.title)
        var out = format == .csv
            ? titles.joined(separator: separator) + newline
            : "#separator:tab\n#html:false\n#columns:" + titles.joined(separator: separator) + newline
        for pair in pairs {
            let cells = [pair.english, pair.welsh, pair.note, pair.type, pair.tags.joined(separator: ", ")]
            out += cells.enumerated()
                .map { quoted(neutralised($0.element), format: format, first: $0.offset == 0) }
                .joined(separator: separator)
            out += newline
        }
        return out
    }

    /// What a spreadsheet would take for the start of a formula (OWASP's list), or the quote that
    /// marks such a cell as text.
    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// The cell with a quote in front when a spreadsheet would run it or when it starts with a quote.
    static func neutralised(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, formulaStarts.contains(first) else { return cell }
        return "'" + cell
    }

    /// The cell without the quote `neutralised` added, and unchanged when it added none.
    static func restored(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", let second = scalars.dropFirst().first, formulaStarts.contains(second) else { return cell }
        return String(String.UnicodeScalarView(scalars.dropFirst()))
    }

    private static func quoted(_ field: String, format: Format, first: Bool) -> String {
        // A row starting with "#" would be taken for a comment or a header line by Anki and by `read`.
        let needsQuotes = (first && field.hasPrefix("#")) || field.unicodeScalars.contains {
            $0 == format.separator || $0 == "\"" || $0 == "\n" || $0 == "\r"
        }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Reading

    public static func read(_ text: String, format: Format) throws(VocabularyError) -> [Pair] {
        var outcome = parse(text, separator: format.separator)
        // A file of one column is not a vocabulary list but a misnamed one: a CSV saved as .txt,
        // or a spreadsheet's semicolon-separated "CSV". The first separator that gives columns wins.
        if outcome.widest <= 1, !outcome.separatorDeclared {
            for separator: Unicode.Scalar in ["\t", ";", ","] where separator != format.separator {
                let attempt = parse(text, separator: separator)
                if attempt.widest > 1 {
                    outcome = attempt
                    break
                }
            }
        }
        guard outcome.problems.isEmpty else {
            let (listed, total) = VocabularyError.collecting(outcome.problems)
            throw .malformedTable(format: format, problems: listed, total: total)
        }
        return outcome.pairs
    }

    private struct Outcome {
        var pairs: [Pair] = []
        var problems: [VocabularyError.LineProblem] = []
        /// The most cells in any row.
        var widest = 0
        var separatorDeclared = false
    }

    private static func parse(_ text: String, separator: Unicode.Scalar) -> Outcome {
        var scanner = Scanner(text: text, separator: separator)
        let settings = scanner.readAnkiHeaders()
        var outcome = Outcome(separatorDeclared: settings.separatorDeclared)
        var columns: [Column?] = settings.columns ?? Column.allCases
        var ankiTagsColumn = settings.tagsColumn
        var headerLooked = settings.columns != nil
        if let tagsIndex = ankiTagsColumn, settings.columns == nil {
            // Anki's own export: the regular columns in order, around the tags column.
            var regular = Column.allCases.filter { $0 != .tags }.makeIterator()
            columns = (0..<max(tagsIndex + 1, Column.allCases.count)).map { $0 == tagsIndex ? .tags : regular.next() }
        }

        while let record = scanner.nextRecord() {
            outcome.widest = max(outcome.widest, record.fields.count)
            if let problem = record.problem {
                outcome.problems.append(.init(line: record.line, reason: problem))
                continue
            }
            let cells = record.fields.map { restored(settings.html ? plainText(fromHTML: $0) : $0) }
            if cells.allSatisfy({ $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) { continue }
            if !headerLooked {
                headerLooked = true
                if let named = headerColumns(cells) {
                    columns = named
                    ankiTagsColumn = nil
                    continue
                }
            }
            let extra = cells.dropFirst(columns.count).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            if !extra.isEmpty {
                let used = cells.lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })! + 1
                outcome.problems.append(.init(line: record.line, reason: "\(used) columns, but a row has at most \(columns.count) "
                    + "(\(columns.compactMap { $0?.title }.joined(separator: ", "))); "
                    + "put quotes around a field that contains \(separatorName(scanner.separator))"))
                continue
            }
            var pair = Pair()
            var tagCells: [String] = []
            for (cell, column) in zip(cells, columns) {
                switch column {
                case .english: pair.english = cell
                case .welsh: pair.welsh = cell
                case .note: pair.note = cell
                case .type: pair.type = cell
                case .tags: tagCells.append(cell)
                case nil: break
                }
            }
            if let index = ankiTagsColumn, index < cells.count {
                // Anki separates tags with spaces and writes spaces inside a tag as "_".
                tagCells = cells[index].split(whereSeparator: { $0.isWhitespace })
                    .map { $0.replacingOccurrences(of: "_", with: " ") }
            }
            pair.tags = tagCells
            do {
                outcome.pairs.append(try pair.validated())
            } catch {
                if case .invalidPair(let reasons) = error {
                    let reason = reasons == [.noSide]
                        ? "neither English nor Welsh is filled in"
                        : reasons.map(\.message).joined(separator: " ")
                    outcome.problems.append(.init(line: record.line, reason: reason))
                }
            }
        }
        return outcome
    }

    private static func separatorName(_ separator: Unicode.Scalar) -> String {
        switch separator {
        case ",": "a comma"
        case "\t": "a tab"
        case ";": "a semicolon"
        default: "\"\(separator)\""
        }
    }

    /// The columns a header row names, or nil when the row is data. A header names English or
    /// Welsh and nothing unknown, so a pair such as "English, Saesneg" is not mistaken for one.
    private static func headerColumns(_ cells: [String]) -> [Column?]? {
        var columns: [Column?] = []
        for cell in cells {
            if cell.trimmingCharacters(in: .whitespaces).isEmpty {
                columns.append(nil)
                continue
            }
            guard let column = Column(header: cell), !columns.contains(column) else { return nil }
            columns.append(column)
        }
        guard columns.contains(.english) || columns.contains(.welsh) else { return nil }
        return columns
    }

    static func plainText(fromHTML html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var text = html.replacingOccurrences(of: "<br\\s*/?>", with: "\n", options: [.regularExpression, .caseInsensitive])
            .replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    // MARK: - Scanner

    /// What Anki's `#key:value` header lines say.
    struct Settings {
        var separatorDeclared = false
        var columns: [Column?]?
        var tagsColumn: Int?
        var html = false
    }

    struct Record {
        var fields: [String]
        /// The line the record starts on.
        var line: Int
        var problem: String?
    }

    /// RFC 4180 records over Unicode scalars, counting physical lines as it goes.
    struct Scanner {
        let scalars: [Unicode.Scalar]
        var separator: Unicode.Scalar
        var position = 0
        var line = 1

        init(text: String, separator: Unicode.Scalar) {
            var scalars = Array(text.unicodeScalars)
            if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
            self.scalars = scalars
            self.separator = separator
        }

        static let ankiKeys: Set<String> = [
            "separator", "html", "tags", "columns", "notetype", "deck",
            "notetype column", "deck column", "tags column", "guid column",
        ]

        /// Consumes the `#key:value` lines Anki puts at the top of a file.
        mutating func readAnkiHeaders() -> Settings {
            var settings = Settings()
            while position < scalars.count, scalars[position] == "#" {
                var end = position
                while end < scalars.count, scalars[end] != "\n", scalars[end] != "\r" { end += 1 }
                var lineText = String(String.UnicodeScalarView(scalars[(position + 1)..<end]))
                guard let colon = lineText.firstIndex(of: ":"),
                      Self.ankiKeys.contains(lineText[..<colon].lowercased().trimmingCharacters(in: .whitespaces))
                else { break }
                let key = lineText[..<colon].lowercased().trimmingCharacters(in: .whitespaces)
                lineText = String(lineText[lineText.index(after: colon)...])
                switch key {
                case "separator":
                    let names: [String: Unicode.Scalar] = ["comma": ",", "semicolon": ";", "tab": "\t", "space": " ",
                                                           "pipe": "|", "colon": ":"]
                    let value = lineText.trimmingCharacters(in: .whitespaces).lowercased()
                    if let declared = names[value] ?? (lineText.unicodeScalars.count == 1 ? lineText.unicodeScalars.first : nil) {
                        separator = declared
                        settings.separatorDeclared = true
                    }
                case "columns":
                    let names = lineText.unicodeScalars.split(separator: separator).map { String(String.UnicodeScalarView($0)) }
                    let named = names.map { Column(header: $0) }
                    if named.contains(.english) || named.contains(.welsh) { settings.columns = named }
                case "tags column":
                    if let n = Int(lineText.trimmingCharacters(in: .whitespaces)), n >= 1 { settings.tagsColumn = n - 1 }
                case "html":
                    settings.html = lineText.trimmingCharacters(in: .whitespaces).lowercased() == "true"
                default:
                    break
                }
                position = end
                skipLineEnd()
            }
            return settings
        }

        private mutating func skipLineEnd() {
            guard position < scalars.count else { return }
            if scalars[position] == "\r" {
                position += 1
                if position < scalars.count, scalars[position] == "\n" { position += 1 }
                line += 1
            } else if scalars[position] == "\n" {
                position += 1
                line += 1
            }
        }

        private func isLineEnd(_ s: Unicode.Scalar) -> Bool { s == "\n" || s == "\r" }

        mutating func nextRecord() -> Record? {
            guard position < scalars.count else { return nil }
            var record = Record(fields: [], line: line)
            var field = String.UnicodeScalarView()
            while true {
                if position < scalars.count, scalars[position] == "\"" {
                    let openedOn = line
                    position += 1
                    var closed = false
                    while position < scalars.count {
                        let s = scalars[position]
                        if s == "\"" {
                            if position + 1 < scalars.count, scalars[position + 1] == "\"" {
                                field.append("\"")
                                position += 2
                                continue
                            }
                            position += 1
                            closed = true
                            break
                        }
                        if s == "\r" {
                            // A CRLF inside a field is one line break, kept as written.
                            if position + 1 < scalars.count, scalars[position + 1] == "\n" {
                                field.append(s)
                                position += 1
                            }
                            line += 1
                        } else if s == "\n" {
                            line += 1
                        }
                        field.append(scalars[position])
                        position += 1
                    }
                    if !closed {
                        record.problem = "the quoted field that starts here is never closed; add the closing quote (\")"
                        record.line = openedOn
                        record.fields.append(String(field))
                        return record
                    }
                    if position < scalars.count, scalars[position] != separator, !isLineEnd(scalars[position]) {
                        record.problem = record.problem
                            ?? "text follows a closing quote; inside a quoted field write a quote as two (\"\")"
                        // Resynchronise at the next separator or line end.
                        while position < scalars.count, scalars[position] != separator, !isLineEnd(scalars[position]) {
                            position += 1
                        }
                    }
                } else {
                    while position < scalars.count {
                        let s = scalars[position]
                        if s == separator || isLineEnd(s) { break }
                        field.append(s)
                        position += 1
                    }
                }
                record.fields.append(String(field))
                field = String.UnicodeScalarView()
                if position < scalars.count, scalars[position] == separator {
                    position += 1
                    continue
                }
                skipLineEnd()
                return record
            }
        }
    }
}
