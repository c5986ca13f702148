//
//  ViewControllers.swift
//  BrowserApp
//

import BrowserServices
import Cleanse
import UIKit

final class MembersViewController: UIViewController {
    let membersService: GithubMembersService

    init(membersService: GithubMembersService) {
        self.membersService = membersService
        super.init()
        title = "Members"
    }
}

final class RepositoriesViewController: UIViewController {
    let repositoriesService: GithubRepositoriesService

    init(repositoriesService: GithubRepositoriesService) {
        self.repositoriesService = repositoriesService
        super.init()
        title = "Repositories"
    }
}

final class SettingsViewController: UIViewController {
    let rows: [SettingsRow]

    init(rows: [SettingsRow]) {
        self.rows = rows
        super.init()
    }
}

/// The tab bar's controllers, in order.
struct RootViewControllers {
    let members: MembersViewController
    let repositories: RepositoriesViewController
    let settings: SettingsViewController
}

struct ViewControllersModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(MembersViewController.self).to(factory: MembersViewController.init)
        binder.bind(RepositoriesViewController.self).to(factory: RepositoriesViewController.init)
        binder.bind(SettingsViewController.self).to(factory: SettingsViewController.init)
        binder.bind(RootViewControllers.self).to(factory: RootViewControllers.init)
    }
}
