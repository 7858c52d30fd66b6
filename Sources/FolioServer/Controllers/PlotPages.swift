import FolioStore
import Foundation
import Plots

/// The plot generator's page models.
enum PlotPages {
    /// One line of a wheel's entry; the first is shown on the closed wheel.
    struct Line: Encodable {
        let text: String
        let first: Bool

        static func of(_ lines: [String]) -> [Line] {
            lines.enumerated().map { Line(text: $1, first: $0 == 0) }
        }
    }

    struct Subject: Encodable {
        let id: String
        let agreement: String
        let lines: [Line]
        let selected: Bool
    }

    /// A predicate, shown in the plot's agreement, with its text in every agreement for the page's
    /// script to swap when the subject wheel turns.
    struct Predicate: Encodable {
        let id: String
        let lines: [Line]
        let selected: Bool
        let male: String
        let female: String
        let plural: String
    }

    struct Modifier: Encodable {
        let id: String
        let lines: [Line]
        let selected: Bool
    }

    /// The three wheels, set to `plot`.
    struct Machine: Encodable {
        let subjects: [Subject]
        let predicates: [Predicate]
        let modifiers: [Modifier]
        let text: String
        let ids: String
        let seed: String
        let agreement: String
        let permalink: String
        let isKept: Bool
        let loggedIn: Bool
        let navWheels = true

        init(_ plot: Plot, wheels: Wheels, isKept: Bool, loggedIn: Bool) {
            subjects = wheels.subjects.map { s in
                Subject(id: s.entry.id, agreement: s.agreement.rawValue, lines: Line.of(s.entry.lines), selected: s.entry.id == plot.subject.id)
            }
            predicates = wheels.predicates.map { p in
                Predicate(id: p.id, lines: Line.of(p.form(plot.agreement).lines), selected: p.id == plot.predicate.id,
                          male: p.form(.male).lines.joined(separator: "\n"), female: p.form(.female).lines.joined(separator: "\n"),
                          plural: p.form(.plural).lines.joined(separator: "\n"))
            }
            modifiers = wheels.modifiers.map { m in Modifier(id: m.id, lines: Line.of(m.lines), selected: m.id == plot.modifier.id) }
            text = plot.text
            ids = plot.ids
            seed = plot.seed.map(String.init) ?? ""
            agreement = plot.agreement.rawValue
            permalink = SiteRoute.plot.path(plot.seed.map(String.init) ?? plot.ids)
            self.isKept = isKept
            self.loggedIn = loggedIn
        }
    }

    struct KeptPlot: Encodable {
        let ids: String
        let text: String
        let href: String
        let removeAction: String
        /// The day it was kept ("12 Mar 2026"), in UTC: the server does not know the reader's time
        /// zone, and a day is all a reader needs to tell two plots apart.
        let keptOn: String

        init(_ plot: SavedPlot) {
            ids = plot.ids
            text = plot.text
            href = SiteRoute.plot.path(plot.seed.map(String.init) ?? plot.ids)
            removeAction = SiteRoute.forgetPlot.path(plot.ids)
            keptOn = plot.createdAt.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_GB"),
                                                               timeZone: TimeZone(identifier: "UTC")!))
        }
    }

    struct Kept: Encodable {
        let items: [KeptPlot]
        let empty: Bool
        let pager: Pager?
        /// "1 plot kept", "12 plots kept": the whole list's size, not one page's.
        let countText: String
        /// The same for the page's script, which counts the plots removed on the device.
        let total: Int
        let navKept = true

        init(items: [KeptPlot], total: Int, pager: Pager?) {
            self.items = items
            self.pager = pager
            self.total = total
            empty = total == 0
            countText = total == 1 ? "1 plot kept" : "\(total) plots kept"
        }
    }

    struct GrammarItem: Encodable {
        let name: String
        let href: String
        let deleteAction: String

        init(_ grammar: SavedGrammar) {
            name = grammar.name
            href = SiteRoute.grammar.path(grammar.id)
            deleteAction = SiteRoute.deleteGrammar.path(grammar.id)
        }
    }

    /// The account's grammars and the form to load one (kept as typed after a refusal).
    struct Grammars: Encodable {
        let items: [GrammarItem]
        let empty: Bool
        let errors: [String]
        let name: String
        let json: String
        let pager: Pager?
        /// The largest grammar, in KB.
        let limit = Grammar.maximumBytes / 1024
        let navGrammars = true
    }

    /// A saved grammar, expanded five times from `seed`.
    struct GrammarPage: Encodable {
        struct Text: Encodable {
            let text: String
        }

        let name: String
        let texts: [Text]
        let permalink: String
        let again: String
        let json: String
        let navGrammars = true

        init(_ saved: SavedGrammar, seed: UInt64, expanded: [String]) {
            name = saved.name
            texts = expanded.map(Text.init)
            permalink = SiteRoute.grammar.path(saved.id, query: ["seed": String(seed)])
            again = SiteRoute.grammar.path(saved.id)
            json = saved.json
        }
    }
}
