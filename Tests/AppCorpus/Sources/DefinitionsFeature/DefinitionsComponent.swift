//
//  DefinitionsComponent.swift
//  DefinitionsFeature
//

import Cleanse
import shared

/// What the definitions screen needs from the app.
public protocol DefinitionsDeps {
    var connectivityManager: ConnectivityManager { get }
    var database: AppDatabase { get }
}

public struct DefinitionsScope: Scope {}

public final class DefinitionsScreen {
    public let viewModel: DefinitionsViewModel
    let logger: PlatformLogger

    init(viewModel: DefinitionsViewModel, logger: PlatformLogger) {
        self.viewModel = viewModel
        self.logger = logger
    }
}

public struct DefinitionsComponent: Cleanse.Component {
    public typealias Root = DefinitionsScreen
    public typealias Scope = DefinitionsScope
    public typealias Seed = DefinitionsDeps

    public static func configure(binder: Binder<DefinitionsScope>) {
        binder
            .bind(DefinitionRepository.self)
            .sharedInScope()
            .to { (deps: DefinitionsDeps) in
                DefinitionRepository(connectivity: deps.connectivityManager, database: deps.database)
            }

        binder
            .bind(DefinitionsViewModel.self)
            .to(factory: DefinitionsViewModel.init)

        binder
            .bind(PlatformLogger.self)
            .to { PlatformLogger.Companion.shared.create(tag: "definitions") }
    }

    public static func configureRoot(binder bind: ReceiptBinder<DefinitionsScreen>) -> BindingReceipt<DefinitionsScreen> {
        bind.to(factory: DefinitionsScreen.init)
    }
}
