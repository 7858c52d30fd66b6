import Hummingbird
import Testing
@testable import FolioServer

@Suite struct WebFormTests {
    @Test(arguments: [
        ("king+crown", "king crown"),
        ("g%C5%B5r", "gŵr"),
        ("%2B1", "+1"),
        ("a%20b%2Cc", "a b,c"),
        ("plain", "plain"),
        // Malformed or not UTF-8: kept as typed (with "+" still a space), never dropped.
        ("100%", "100%"),
        ("%zz+x", "%zz x"),
        ("%C5", "%C5"),
        ("%FF%FE", "%FF%FE"),
        ("", ""),
    ])
    func fieldsArePercentDecoded(typed: String, meant: String) {
        #expect(WebForm(string: "field=" + typed).value("field") == meant)
    }

    @Test func repeatedNamesKeepEveryValueInOrder() {
        let form = WebForm(string: "tag=war&q=to+be&tag=love&&empty=&novalue")
        #expect(form.values("tag") == ["war", "love"])
        #expect(form.value("q") == "to be")
        #expect(form.value("empty") == "")
        #expect(form.value("novalue") == "")
        #expect(form.value("missing") == nil)
    }
}
