// A stand-in for the UIKit an iOS app imports: the few classes these apps use, so that
// their code compiles on Linux unchanged. cleansec sees it as a compiled module.

public struct CGRect {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

open class UIResponder {
    public init() {}
}

public protocol UIApplicationDelegate: AnyObject {}

open class UIScreen {
    public static let main = UIScreen()
    public var bounds: CGRect { CGRect(width: 390, height: 844) }
}

open class UIView: UIResponder {
    public var frame: CGRect
    public init(frame: CGRect) { self.frame = frame }
}

open class UIWindow: UIView {
    public var rootViewController: UIViewController?
    public func makeKeyAndVisible() {}
}

open class UIViewController: UIResponder {
    public var title: String?
    public var navigationController: UINavigationController?
    public override init() {}
}

open class UINavigationController: UIViewController {
    public private(set) var viewControllers: [UIViewController] = []
    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
    }
    public func pushViewController(_ controller: UIViewController, animated: Bool) {
        viewControllers.append(controller)
    }
}

public final class UIColor {
    public let name: String
    public init(named name: String) { self.name = name }
    public static let systemBlue = UIColor(named: "systemBlue")
}
