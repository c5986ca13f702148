package import SwiftSyntax

/// Whether a declaration is isolated to the main actor as far as its syntax shows, for
/// `@Injectable` and for cleansec alike.
package enum MainActorIsolation {
    /// The base classes of UIKit and AppKit whose subclasses are isolated to the main actor.
    package static let baseClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UISplitViewController", "UIPageViewController", "UIView", "UITableViewCell",
        "UICollectionViewCell", "UIControl", "UIButton", "UILabel", "UIResponder", "UIHostingController",
        "NSViewController", "NSWindowController", "NSView", "NSWindow", "NSHostingController", "WKInterfaceController",
    ]

    /// Whether `attributes` hold `@MainActor`.
    package static func isMarked(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor" }
    }

    /// Whether the class's members are isolated to the main actor: marked `@MainActor`, or
    /// derived from a UIKit or AppKit class that is.
    package static func looksIsolated(_ type: ClassDeclSyntax) -> Bool {
        if isMarked(type.attributes) { return true }
        return type.inheritanceClause?.inheritedTypes.contains { inherited in
            let name = inherited.type.trimmedDescription
            return baseClasses.contains(name.split(separator: ".").last.map(String.init) ?? name)
        } ?? false
    }

    /// Whether `@Injectable(mainActor: true)` is written.
    package static func isRequested(by attribute: AttributeSyntax) -> Bool {
        attribute.arguments?.as(LabeledExprListSyntax.self)?.contains { argument in
            argument.label?.text == "mainActor" && argument.expression.trimmedDescription == "true"
        } ?? false
    }
}
