import Foundation
import Mustache

/// The app tabs across the top of every page, then the account.
enum Tab: String, CaseIterable, Sendable {
    case monologues = "Monologues", vocabulary = "Vocabulary", plots = "Plots", characters = "Characters", ghost = "Ghost"
    case account = "Account"

    var route: SiteRoute {
        switch self {
        case .monologues: .monologues
        case .vocabulary: .vocabulary
        case .plots: .plots
        case .characters: .characters
        case .ghost: .ghost
        case .account: .account
        }
    }

    var href: String { route.path() }

    /// The app a path belongs to, by the first segment of its address (`/vocab/pairs/3` is
    /// Vocabulary's): an error page uses it to offer the way back to where the visitor was.
    init?(path: String) {
        let first = path.split(separator: "/", omittingEmptySubsequences: true).first.map(String.init)
        guard let first, let tab = Tab.allCases.first(where: { $0.href == "/" + first }) else { return nil }
        self = tab
    }

    /// The name an app is called by in a sentence ("Back to your account", "Back to Plots").
    var inSentence: String { self == .account ? "your account" : rawValue }
}

/// What the shared layout shows around every page: `page` in the templates.
struct Layout: Encodable, Sendable {
    struct TabLink: Encodable, Sendable {
        let name: String
        let href: String
        let current: Bool
    }

    struct User: Encodable, Sendable { let username: String }
    struct Flash: Encodable, Sendable { let kind: String; let message: String }

    let title: String
    let csrfToken: String
    let textSize: String
    let tabs: [TabLink]
    /// The app's name on <body>, for an app with a look of its own (Characters).
    let app: String
    let user: User?
    /// Whose work a page's script keeps on the device while it waits to be sent (the service
    /// worker's short account tag; empty for a visitor): two people sharing a phone never mix.
    let account: String
    let flash: Flash?
    /// False on a page drawn for no one in particular (the offline page, kept once for every
    /// account of a device): the header then offers neither the account nor a log-in.
    var showsAccount = true

    /// `tab` nil: a page of no app (an error page), with no tab marked.
    init(title: String, tab: Tab?, csrfToken: String, textSize: String, username: String?, flash: Flash?, account: String = "") {
        self.account = account
        self.title = title
        self.csrfToken = csrfToken
        self.textSize = textSize
        tabs = Tab.allCases.map { TabLink(name: $0.rawValue, href: $0.href, current: $0 == tab) }
        app = tab?.rawValue.lowercased() ?? ""
        user = username.map(User.init)
        self.flash = flash
    }
}

/// What a template reads: the page's model, built of small typed parts (a character's row, a
/// pager) that the template sees side by side, as one flat set of names, the layout as `page`,
/// and every page's address as `links` (`{{links.monologueTags}}`). A name is looked up in the
/// parts in order; a part's nil value counts as absent.
struct TemplateData: MustacheParent {
    let parts: [any MustacheParent]
    let layout: ReflectedModel?

    init(_ parts: [Any], layout: Layout? = nil) {
        self.parts = parts.map { $0 as? MustacheParent ?? ReflectedModel($0) }
        self.layout = layout.map(ReflectedModel.init)
    }

    func child(named name: String) -> Any? {
        if name == "page", let layout { return layout }
        if name == "links" { return SiteLinks() }
        for part in parts {
            if let value = part.child(named: name) { return value }
        }
        return nil
    }
}

/// A model's struct as a template reads it: its stored properties by name, read through `Mirror`
/// once, when the template first asks for one of them, and its structs (and an array's) boxed in
/// turn. Left to the template engine, every name looked up built a `Mirror` of each object on
/// the context's stack and went through its properties: a page of 20 favourites spent 37% of
/// its time there. A nil property counts as absent, as the engine has it.
final class ReflectedModel: MustacheParent {
    private let value: Any
    private var fields: [String: Any]?

    init(_ value: Any) { self.value = value }

    func child(named name: String) -> Any? {
        if let fields { return fields[name] }
        var read: [String: Any] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, let value = Self.unwrapped(child.value) else { continue }
            read[label] = Self.templateValue(value)
        }
        fields = read
        return read[name]
    }

    /// A struct of the model boxed; an array with its structs boxed; anything else (text,
    /// numbers, enums, dates, what the engine reads itself) as it is.
    static func templateValue(_ value: Any) -> Any {
        if let array = value as? [Any] { return array.map(templateValue) }
        if value is MustacheParent || value is MustacheCustomRenderable || value is MustacheCustomRepresentation
            || value is MustacheLambda || value is CustomStringConvertible {
            return value
        }
        return Mirror(reflecting: value).displayStyle == .struct ? ReflectedModel(value) : value
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}

/// The address of each page that takes no parameter, by its `SiteRoute` name, so that templates
/// link through the route table too; a page with parameters gets its link from its model.
struct SiteLinks: MustacheParent {
    func child(named name: String) -> Any? {
        if name == "logInFor" { return LogInFor() }
        guard let route = SiteRoute(rawValue: name), route.parameters.isEmpty else { return nil }
        return route.path()
    }

    /// `{{links.logInFor.plots}}`: the log-in page, coming back to that page after.
    struct LogInFor: MustacheParent {
        func child(named name: String) -> Any? {
            guard let route = SiteRoute(rawValue: name), route.parameters.isEmpty else { return nil }
            return SiteRoute.loginForm.path(query: ["next": route.path()])
        }
    }
}

/// A list's pager as a part of a page's model, which `{{>pager}}` reads as `pager`.
struct PagerPart: Encodable, Sendable {
    let pager: Pager?
}

/// "1 favourite", "120 favourites": how many a list holds, in words.
func countText(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
