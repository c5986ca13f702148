//
//  AppDelegate.swift
//  TryoutApp
//

import Cleanse
import TryoutCore
import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var coordinator: ApplicationCoordinator?

    func injectProperties(_ window: UIWindow, _ coordinator: ApplicationCoordinator) {
        self.window = window
        self.coordinator = coordinator
    }

    func application(didFinishLaunching: Bool) -> Bool {
        let propertyInjector = try? ComponentFactory.of(AppComponent.self).build(())
        propertyInjector?.injectProperties(into: self)
        coordinator?.start()
        return true
    }
}
