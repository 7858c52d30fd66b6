import FolioCore
import Foundation
import Vocabulary

/// The Vocabulary statistics drawn as SVG by the server, so they need no script and print as they
/// look. Every value drawn is a number or a date the statistics made; any text is escaped anyway.
enum StatisticsCharts {
    /// A year of reviews as GitHub-style squares: a column per week, a row per weekday, and five
    /// shades: none, then quarters of the busiest day.
    static func heatmap(_ days: [StudyStatistics.Day]) -> String {
        let cell = 11, gap = 2, step = cell + gap
        // The first column starts on the weekday of the first day, so rows are weekdays.
        let firstWeekday = weekday(days.first?.date ?? "")
        let columns = (days.count + firstWeekday + 6) / 7
        let width = columns * step, height = 7 * step
        let busiest = max(1, days.map(\.reviews).max() ?? 1)
        var svg = #"<svg class="chart heatmap" viewBox="0 0 \#(width) \#(height)" role="img" aria-labelledby="heatmap-title">"#
        svg += #"<title id="heatmap-title">Reviews per day over the last year</title>"#
        for (index, day) in days.enumerated() {
            let position = index + firstWeekday
            let level = day.reviews == 0 ? 0 : min(4, (day.reviews * 4 + busiest - 1) / busiest)
            svg += #"<rect x="\#((position / 7) * step)" y="\#((position % 7) * step)" width="\#(cell)" height="\#(cell)" rx="2" class="level-\#(level)">"#
            svg += "<title>\(Markup.escape(day.date)): \(day.reviews) review\(day.reviews == 1 ? "" : "s")</title></rect>"
        }
        return svg + "</svg>"
    }

    /// The next 30 days' due cards as bars, today first.
    static func forecast(_ forecast: [StudyStatistics.Due]) -> String {
        let bar = 10, gap = 3, chartHeight = 80, labelHeight = 14
        let top = max(1, forecast.map(\.cards).max() ?? 1)
        let width = forecast.count * (bar + gap)
        var svg = #"<svg class="chart forecast" viewBox="0 0 \#(width) \#(chartHeight + labelHeight)" role="img" aria-labelledby="forecast-title">"#
        svg += #"<title id="forecast-title">Cards due in each of the next \#(forecast.count) days</title>"#
        for (index, day) in forecast.enumerated() {
            let height = day.cards == 0 ? 0 : max(1, day.cards * chartHeight / top)
            svg += #"<rect x="\#(index * (bar + gap))" y="\#(chartHeight - height)" width="\#(bar)" height="\#(height)" class="bar">"#
            svg += "<title>\(Markup.escape(day.date)): \(day.cards) due</title></rect>"
        }
        svg += #"<text x="0" y="\#(chartHeight + labelHeight - 2)" class="axis">today</text>"#
        svg += #"<text x="\#(width)" y="\#(chartHeight + labelHeight - 2)" class="axis" text-anchor="end">+\#(forecast.count - 1) days</text>"#
        return svg + "</svg>"
    }

    /// True retention per month as bars against a line at the target.
    static func retention(_ months: [StudyStatistics.Month], target: Double) -> String {
        let bar = 22, gap = 6, chartHeight = 100, labelHeight = 14
        // From 50%: retention below it is rare, and the difference around 90% is what matters.
        let floor = 0.5
        func y(_ value: Double) -> Int { chartHeight - Int((max(floor, min(1, value)) - floor) / (1 - floor) * Double(chartHeight)) }
        let width = months.count * (bar + gap)
        var svg = #"<svg class="chart retention" viewBox="0 0 \#(width) \#(chartHeight + labelHeight)" role="img" aria-labelledby="retention-title">"#
        svg += #"<title id="retention-title">True retention per month against the target of \#(Int((target * 100).rounded()))%</title>"#
        for (index, month) in months.enumerated() {
            let x = index * (bar + gap)
            if let value = month.retention {
                let top = y(value)
                let kind = value >= target ? "bar met" : "bar"
                svg += #"<rect x="\#(x)" y="\#(top)" width="\#(bar)" height="\#(chartHeight - top)" class="\#(kind)">"#
                svg += "<title>\(Markup.escape(month.month)): \(Int((value * 100).rounded()))% of \(month.reviews)</title></rect>"
            }
            svg += #"<text x="\#(x + bar / 2)" y="\#(chartHeight + labelHeight - 2)" class="axis" text-anchor="middle">\#(Markup.escape(monthLetter(month.month)))</text>"#
        }
        let targetY = y(target)
        svg += #"<line x1="0" x2="\#(width)" y1="\#(targetY)" y2="\#(targetY)" class="target"/>"#
        return svg + "</svg>"
    }

    /// 0 for Monday … 6 for Sunday, for a "YYYY-MM-DD" date.
    static func weekday(_ date: String) -> Int {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return 0 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let day = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else { return 0 }
        return (calendar.component(.weekday, from: day) + 5) % 7
    }

    /// "2026-11" → "N".
    static func monthLetter(_ month: String) -> String {
        let letters = ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"]
        guard let number = Int(month.suffix(2)), (1...12).contains(number) else { return "" }
        return letters[number - 1]
    }
}
