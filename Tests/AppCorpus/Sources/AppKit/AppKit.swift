// A stand-in for the AppKit a macOS menu-bar app imports. cleansec sees it as a compiled
// module.

open class NSObject {
    public init() {}
}

open class NSViewController: NSObject {
    public var title: String?
}

public final class NSPopover: NSObject {
    public var contentViewController: NSViewController?
    public var behavior: Int = 0
    public func performClose(_ sender: AnyObject?) {}
}

public final class NSStatusItem: NSObject {
    public var title: String = ""
}

public final class NSStatusBar: NSObject {
    public static let system = NSStatusBar()
    public static let variableLength: Double = -1
    public func statusItem(withLength length: Double) -> NSStatusItem { NSStatusItem() }
}

public final class UserDefaults: NSObject {
    public static let standard = UserDefaults()
    private var values: [String: Any] = [:]
    public func string(forKey key: String) -> String? { values[key] as? String }
    public func set(_ value: Any?, forKey key: String) { values[key] = value }
}
