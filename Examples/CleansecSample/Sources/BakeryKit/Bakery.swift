import Cleanse

/// Flour, which the mill provides.
public final class Flour: Sendable {
    public init() {}
}

/// An oven, shared by the whole bakery.
public final class Oven: Sendable {
    public init() {}
}

/// Bakes bread from flour in the oven.
public final class Baker: Sendable {
    let flour: Flour
    let oven: Oven

    public init(flour: Flour, oven: Oven) {
        self.flour = flour
        self.oven = oven
    }

    public func bake() -> String { "a loaf" }
}

/// Binds the flour. `check.sh` deletes the line marked below to plant a mistake, and
/// expects `swift build` of the app target to fail on the baker's binding there.
public struct MillModule: Module {
    public static func configure(binder: UnscopedBinder) {
        binder.bind(Flour.self).to(factory: Flour.init) // cleansec-sample: planted mistake removes this line
    }
}
