//
//  Preferences.swift
//  MenuBarData
//

import AppKit
import Cleanse

public struct RefreshInterval: Tag {
    public typealias Element = Double
}

public final class Preferences {
    let defaults: UserDefaults
    public let refreshInterval: Double

    init(defaults: UserDefaults, refreshInterval: TaggedProvider<RefreshInterval>) {
        self.defaults = defaults
        self.refreshInterval = refreshInterval.get()
    }

    public var account: String? { defaults.string(forKey: "account") }
}

public struct PreferencesModule: Module {
    public static func configure(binder: SingletonBinder) {
        binder.bind(UserDefaults.self).to { UserDefaults.standard }
        binder.bind(Preferences.self).sharedInScope().to(factory: Preferences.init)
        binder.bind().tagged(with: RefreshInterval.self).to(value: 300)
    }
}
