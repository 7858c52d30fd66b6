import FolioApp
import Vocabulary

extension VocabularyPages {
    /// The play buttons of a page: a link to each side's sound that may be heard here (vocab.js
    /// plays it in place; without script the browser opens it), or, when the server has no
    /// speech engine, a short note instead of buttons that could only fail.
    struct Listening: Encodable {
        struct Button: Encodable {
            let id: String
            let href: String
            let label: String
            let lang: String
        }

        let hearWelsh: Button?
        let hearEnglish: Button?
        let speechNote: String?

        /// `sides`: those this page may offer. A revision card offers only its prompt, as the
        /// other side is the answer.
        init(_ pair: Pair, sides: [Side], unavailable: SpeechError?) {
            let speakable = PairSpeech.sides(of: pair, sides)
            let heard = unavailable == nil ? speakable : []
            func button(_ side: Side) -> Button? {
                guard let key = heard.first(where: { $0.side == side })?.key, let id = pair.id else { return nil }
                return Button(id: "hear-\(side.rawValue)", href: Self.href(id, side: side, key: key), label: "Hear the \(side.title)", lang: side.language)
            }
            hearWelsh = button(.welsh)
            hearEnglish = button(.english)
            speechNote = unavailable != nil && !speakable.isEmpty ? "Listening is not available: this server has no speech engine." : nil
        }

        /// A side's sound. The key in the address: an edited side is a new address, never the
        /// old sound from the browser's cache (or the service worker's, offline).
        static func href(_ id: PairID, side: Side, key: String) -> String {
            APIRoute.pairAudio.path(id, query: ["side": side.rawValue, "v": String(key.prefix(16))])
        }

        /// Each speakable side's sound, by side name: what the device offers offline once heard.
        static func hrefs(_ pair: Pair) -> [String: String] {
            guard let id = pair.id else { return [:] }
            return Dictionary(uniqueKeysWithValues: PairSpeech.sides(of: pair).map { ($0.side.rawValue, href(id, side: $0.side, key: $0.key)) })
        }
    }
}
