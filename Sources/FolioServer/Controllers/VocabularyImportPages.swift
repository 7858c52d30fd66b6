import FolioApp
import FolioCore
import FolioStore
import Foundation
import Vocabulary

/// The page models of Import & export: a table pasted or chosen as a file, previewed before it is
/// saved; the FreeDict dictionaries installed on the server; and the export.
extension VocabularyPages {
    /// The most characters the paste box takes: a form's body is capped at 256 KB, and pasted
    /// Welsh grows as it is encoded for a form (ŵ is six bytes), so a bigger list goes by file.
    static let pasteCharacters = 100_000

    struct ImportPage: Encodable {
        let text: String
        let formats: [Choice]
        let pasteCharacters = VocabularyPages.pasteCharacters
        let pasteCharactersText = VocabularyPages.number(VocabularyPages.pasteCharacters)
        /// The preview comes back at the foot of a long page: the address takes the reader to it.
        let previewAction = SiteRoute.previewImport.path() + "#import-preview"
        let fileLimit = "\(TableImport.maximumFileBytes / 1024 / 1024) MB"
        let fileLimitBytes = TableImport.maximumFileBytes
        /// Why a table could not be read at all (not text, empty, too large).
        let errors: [String]
        let preview: Preview?
        let dictionaries: [DictionaryRow]
        let hasPairs: Bool
        let exportTags: [Choice]

        init(text: String = "", format: PairTable.Format = .csv, errors: [String] = [], preview: Preview? = nil,
             dictionaries: [DictionaryRow], pairCount: Int, tags: [VocabularyTag]) {
            self.text = text
            formats = [Choice(value: "csv", label: "Comma-separated (CSV)", selected: format == .csv),
                       Choice(value: "tsv", label: "Tab-separated (TSV, as Anki exports)", selected: format == .tsv)]
            self.errors = errors
            self.preview = preview
            self.dictionaries = dictionaries
            hasPairs = pairCount > 0
            exportTags = tags.map { Choice(value: $0.name, label: "\($0.name) (\(VocabularyPages.number($0.count)))", selected: false) }
        }
    }

    /// What an import would add, shown before anything is saved.
    struct Preview: Encodable {
        struct Row: Encodable {
            let english: String
            let welsh: String
            let type: String
            let tagsText: String
        }

        struct TagChip: Encodable {
            let name: String
            let isNew: Bool
        }

        /// The rows a preview shows: a screenful says whether the columns came out right.
        static let shownRows = 20

        let summary: String
        let skippedText: String
        let tags: [TagChip]
        let rows: [Row]
        let moreText: String
        let problems: [String]
        let problemsHeading: String
        let moreProblems: String
        let refusal: String
        let canImport: Bool
        let confirmLabel: String
        let checksum: String
        let format: String
        let fromFile: Bool
        let fileName: String
        let importAction = SiteRoute.importTable.path()

        init(_ preview: TablePreview, fileName: String?) {
            let adding = preview.additions.count
            if preview.problemTotal > 0 {
                summary = "Nothing can be imported until the lines below are fixed."
            } else if adding == 0 {
                summary = preview.duplicates > 0 ? "Nothing new: every row is a pair you already have." : "The table has no rows to import."
            } else {
                summary = "\(VocabularyPages.pairCount(adding)) will be added."
            }
            skippedText = preview.duplicates == 0 || preview.problemTotal > 0 ? ""
                : "\(VocabularyPages.plural(preview.duplicates, "row")) \(preview.duplicates == 1 ? "repeats a pair" : "repeat pairs") you already have (or an earlier row) and will be skipped."
            tags = preview.tags.prefix(30).map { TagChip(name: $0.name, isNew: $0.isNew) }
            rows = preview.additions.prefix(Self.shownRows).map {
                Row(english: $0.english, welsh: $0.welsh, type: $0.type, tagsText: $0.tags.joined(separator: ", "))
            }
            moreText = adding > Self.shownRows ? "…and \(VocabularyPages.number(adding - Self.shownRows)) more." : ""
            problems = preview.problems.map { "Line \($0.line): \($0.reason)" }
            problemsHeading = preview.problemTotal == 0 ? ""
                : "\(VocabularyPages.plural(preview.problemTotal, "line")) cannot be read:"
            moreProblems = preview.problemTotal > preview.problems.count
                ? "…and \(VocabularyPages.number(preview.problemTotal - preview.problems.count)) more." : ""
            refusal = preview.problemTotal == 0 ? preview.refusal ?? "" : ""
            canImport = preview.canImport
            confirmLabel = "Import \(VocabularyPages.pairCount(adding))"
            checksum = preview.checksum
            format = preview.format.rawValue
            fromFile = fileName != nil
            self.fileName = fileName ?? ""
        }
    }

    /// An installed FreeDict dictionary and how far this account has imported it.
    struct DictionaryRow: Encodable {
        let id: String
        let title: String
        let source: String
        let headwordsText: String
        let tag: String
        let statusText: String
        let complete: Bool
        let partial: Bool
        let fresh: Bool
        let from: Int
        let total: Int
        let listHref: String
        let action = SiteRoute.importDictionary.path()

        init(_ dictionary: FreeDictShelf.Installed, progress: DictionaryImport.Progress?) {
            id = dictionary.id
            title = dictionary.title
            source = "FreeDict \(dictionary.id)"
            headwordsText = "About \(VocabularyPages.number(dictionary.headwords / 100 * 100)) headwords"
            tag = dictionary.defaultTag
            let imported = progress?.imported ?? 0
            total = progress?.total ?? 0
            complete = progress?.isComplete == true && imported > 0
            partial = imported > 0 && !complete
            fresh = imported == 0
            from = imported
            statusText = complete ? "Imported: \(VocabularyPages.pairCount(imported)) tagged \(tag)."
                : partial ? "Partly imported: \(VocabularyPages.number(imported)) of \(VocabularyPages.number(total)) pairs tagged \(tag)."
                : "Not imported yet."
            listHref = SiteRoute.vocabulary.path(query: ["tag": tag])
        }
    }
}
