//
//  Application.swift
//  MenuBarApp
//

import AppKit
import Cleanse
import MenuBarData

final class StatusViewController: NSViewController {
    let repositories: RepositoryD
    let preferences: Preferences

    init(repositories: RepositoryD, preferences: Preferences) {
        self.repositories = repositories
        self.preferences = preferences
    }
}

final class Application {
    let statusItem: NSStatusItem
    let popover: NSPopover
    let repositoryC: RepositoryC

    init(statusItem: NSStatusItem, popover: NSPopover, repositoryC: RepositoryC) {
        self.statusItem = statusItem
        self.popover = popover
        self.repositoryC = repositoryC
    }

    func hideContainer(_ sender: AnyObject?) {
        popover.performClose(sender)
    }

    struct Component: Cleanse.RootComponent {
        typealias Root = Application
        typealias Scope = Singleton

        static func configure(binder: Binder<Singleton>) {
            binder.bind(NSStatusItem.self)
                .sharedInScope()
                .to { () -> NSStatusItem in
                    NSStatusBar.system.statusItem(withLength: NSStatusBar.variableLength)
                }
            binder.bind(NSPopover.self)
                .sharedInScope()
                .to { (content: StatusViewController) -> NSPopover in
                    let popover = NSPopover()
                    popover.contentViewController = content
                    popover.behavior = 1
                    return popover
                }
            binder.bind(StatusViewController.self).to(factory: StatusViewController.init)
            binder.include(module: RepositoriesModule.self)
            binder.include(module: PreferencesModule.self)
            // The app group's defaults, shared with the widget: PreferencesModule binds the
            // standard ones already.
            binder.bind(UserDefaults.self).to { UserDefaults() }
        }

        static func configureRoot(binder bind: ReceiptBinder<Application>) -> BindingReceipt<Application> {
            return bind.to(factory: Application.init)
        }
    }
}
