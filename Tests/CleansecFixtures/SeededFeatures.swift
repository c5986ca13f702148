import Cleanse
import CleanseMacros

/// A banking app whose features declare what they need from the app as protocols marked
/// `@FeatureDependencies`: each feature binds its protocol's properties with one
/// `include(module:)`. The statements feature's protocol has a debug-only property, and the
/// feature binds its exporter again (a duplicate named at the property); the transfers
/// feature asks for a service its protocol does not give.
public enum SeededFeatures {
    // Core: the app's services.
    final class AccountsRepository {}
    protocol Authenticator: AnyObject {}
    final class BiometricAuthenticator: Authenticator {}
    struct TransferLimits {
        let daily: Int
    }
    final class FraudScreening {}
    final class StatementExporter {}
    final class NetworkLog {}

    // Feature "Transfers".
    @FeatureDependencies
    protocol TransfersDependencies {
        var accounts: AccountsRepository { get }
        var authenticator: any Authenticator { get }
        var limits: TransferLimits? { get }
        func openSupportChat()
    }
    struct TransfersScope: Scope {}
    final class TransferViewModel {
        init(accounts: AccountsRepository, authenticator: any Authenticator, limits: TransferLimits?, screening: FraudScreening) {}
    }
    final class TransferViewController {
        init(model: TransferViewModel, dependencies: any TransfersDependencies) {}
    }
    struct TransfersComponent: RootComponent {
        typealias Scope = TransfersScope
        typealias Seed = any TransfersDependencies
        typealias Root = TransferViewController
        static func configure(binder: Binder<TransfersScope>) {
            binder.include(module: TransfersDependenciesModule.self)
            binder.bind(TransferViewModel.self).sharedInScope().to(factory: TransferViewModel.init) // expect: MissingBinding
        }
        static func configureRoot(binder bind: ReceiptBinder<TransferViewController>) -> BindingReceipt<TransferViewController> {
            bind.to(factory: TransferViewController.init)
        }
    }

    // Feature "Statements": debug builds show the network log in a menu.
    #if DEBUG
    @FeatureDependencies
    protocol StatementsDependencies {
        var accounts: AccountsRepository { get }
        var exporter: StatementExporter { get } // expect: DuplicateBinding
        var networkLog: NetworkLog { get }
    }
    final class DebugMenu {
        init(log: NetworkLog) {}
    }
    #else
    @FeatureDependencies
    protocol StatementsDependencies {
        var accounts: AccountsRepository { get }
        var exporter: StatementExporter { get }
    }
    #endif
    final class StatementsViewController {
        init(accounts: AccountsRepository, exporter: StatementExporter) {}
    }
    struct StatementsComponent: RootComponent {
        typealias Seed = any StatementsDependencies
        typealias Root = StatementsViewController
        static func configure(binder: Binder<Unscoped>) {
            binder.include(module: StatementsDependenciesModule.self)
            binder.bind(StatementExporter.self).to(factory: StatementExporter.init)
            #if DEBUG
            binder.bind(DebugMenu.self).to(factory: DebugMenu.init)
            #endif
        }
        static func configureRoot(binder bind: ReceiptBinder<StatementsViewController>) -> BindingReceipt<StatementsViewController> {
            bind.to(factory: StatementsViewController.init)
        }
    }

    // The app.
    struct AppFeatureDependencies: TransfersDependencies, StatementsDependencies {
        let accounts: AccountsRepository
        let authenticator: any Authenticator
        let limits: TransferLimits?
        let exporter: StatementExporter
        let networkLog: NetworkLog
        func openSupportChat() {}
    }
    final class BankCoordinator {
        init(transfers: FeatureFactory<TransfersComponent>, statements: FeatureFactory<StatementsComponent>) {}
    }
    struct BankComponent: RootComponent {
        typealias Root = BankCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.bind(AccountsRepository.self).sharedInScope().to(factory: AccountsRepository.init)
            binder.bind((any Authenticator).self).sharedInScope().to { BiometricAuthenticator() as any Authenticator }
            binder.bind(AppFeatureDependencies.self).to { (accounts: AccountsRepository, authenticator: any Authenticator) in
                AppFeatureDependencies(accounts: accounts, authenticator: authenticator, limits: TransferLimits(daily: 5_000), exporter: StatementExporter(), networkLog: NetworkLog())
            }
            binder.bind((any TransfersDependencies).self).to { (dependencies: AppFeatureDependencies) in dependencies as any TransfersDependencies }
            binder.bind((any StatementsDependencies).self).to { (dependencies: AppFeatureDependencies) in dependencies as any StatementsDependencies }
            binder.install(feature: TransfersComponent.self)
            binder.install(feature: StatementsComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<BankCoordinator>) -> BindingReceipt<BankCoordinator> {
            bind.to(factory: BankCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(BankComponent.self)
    }
}
