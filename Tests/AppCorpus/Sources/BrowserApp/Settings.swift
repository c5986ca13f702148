//
//  Settings.swift
//  BrowserApp
//

import Cleanse
import BrowserServices

/// A row of the settings screen; each feature contributes its own.
struct SettingsRow {
    let title: String
    let detail: String
}

struct SettingsModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder
            .bind(SettingsRow.self)
            .intoCollection()
            .to { (organization: TaggedProvider<GithubOrganizationName>) in
                SettingsRow(title: "Organization", detail: organization.get())
            }

        binder
            .bind(SettingsRow.self)
            .intoCollection()
            .to(value: SettingsRow(title: "Version", detail: "4.2.1"))

        #if DEBUG
        binder
            .bind(SettingsRow.self)
            .intoCollection()
            .to(value: SettingsRow(title: "Environment", detail: "debug"))
        #endif
    }
}
