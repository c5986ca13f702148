public import Cleanse

/// The fixtures the parity tests run both ways: each root component through
/// `ComponentFactory.of` here, and the same source files through cleansec.
///
/// A line where cleansec must report an error ends with an `expect:` comment naming the
/// error's ID.
public enum Fixtures {
    /// One fixture: the enum its declarations live in (named as its file) and the
    /// `ComponentFactory.of` calls it makes, each through a `validate` function.
    public struct Fixture: Sendable, CustomStringConvertible {
        /// The enum (and file) name: `DebugFakes`, `Random7`.
        public let name: String
        /// Each runs one `ComponentFactory.of` (or several) and throws what it throws.
        public let validations: [@Sendable () throws -> Void]

        public var description: String { name }
    }

    /// Every fixture, the hand-written ones first, then the random graphs.
    public static let all: [Fixture] = [
        Fixture(name: "ValidShop", validations: [ValidShop.validate]),
        Fixture(name: "MissingAcrossFiles", validations: [MissingAcrossFiles.validate]),
        Fixture(name: "Duplicates", validations: [Duplicates.validate]),
        Fixture(name: "Cycles", validations: [Cycles.validate]),
        Fixture(name: "Scopes", validations: [Scopes.validate]),
        Fixture(name: "AsyncMistakes", validations: [AsyncMistakes.validate]),
        Fixture(name: "MainActorShop", validations: [MainActorShop.validate]),
        Fixture(name: "SelfRetaining", validations: [SelfRetaining.validate]),
        Fixture(name: "Lifetimes", validations: [Lifetimes.validate]),
        Fixture(name: "ComponentPorts", validations: [ComponentPorts.validate]),
        Fixture(name: "Tuples", validations: [Tuples.validate]),
        Fixture(name: "TypedResults", validations: [TypedResults.validate]),
        Fixture(name: "DebugFakes", validations: [DebugFakes.validate]),
        Fixture(name: "GenericShop", validations: [GenericShop.validate, GenericShop.validateInbox, GenericShop.validateFeature]),
        Fixture(name: "ModuleComponents", validations: [ModuleComponents.validate, ModuleComponents.validateSettings]),
        Fixture(name: "HelperWiring", validations: [HelperWiring.validate]),
        Fixture(name: "ForwardingHelpers", validations: [ForwardingHelpers.validate]),
        Fixture(name: "FunctionReferences", validations: [FunctionReferences.validate]),
        Fixture(name: "ClosureIdioms", validations: [ClosureIdioms.validate]),
        Fixture(name: "PrivateInitializers", validations: [PrivateInitializers.validate]),
        Fixture(name: "TestDoubles", validations: [TestDoubles.validate, TestDoubles.validateWithDoubles]),
        Fixture(name: "RuntimeSwitches", validations: [RuntimeSwitches.validate]),
        Fixture(name: "LoopsAndGuards", validations: [LoopsAndGuards.validate]),
        Fixture(name: "ShorthandFactories", validations: [ShorthandFactories.validate]),
        Fixture(name: "EveryTerminatingForm", validations: [EveryTerminatingForm.validate, EveryTerminatingForm.validateCart]),
        Fixture(name: "SelfReferences", validations: [SelfReferences.validate]),
        Fixture(name: "ScreenHelpers", validations: [ScreenHelpers.validate]),
        Fixture(name: "InjectedScreens", validations: [InjectedScreens.validate]),
        Fixture(name: "InjectableScreens", validations: [InjectableScreens.validate]),
        Fixture(name: "FeatureModules", validations: [FeatureModules.validate]),
        Fixture(name: "MainActorScreens", validations: [MainActorScreens.validate]),
        Fixture(name: "VendorSDKWiring", validations: [VendorSDKWiring.validate]),
        Fixture(name: "FoundationWiring", validations: [FoundationWiring.validate]),
        Fixture(name: "ExpressionResults", validations: [ExpressionResults.validate]),
        Fixture(name: "InheritedInitializers", validations: [InheritedInitializers.validate]),
        Fixture(name: "InjectorClosures", validations: [InjectorClosures.validate]),
        Fixture(name: "BrowserWiring", validations: [BrowserWiring.validate]),
        Fixture(name: "GenericScreens", validations: [GenericScreens.validate]),
        Fixture(name: "ConstructedServices", validations: [ConstructedServices.validate, ConstructedServices.validateWithFake]),
        Fixture(name: "SeededFeatures", validations: [SeededFeatures.validate]),
        Fixture(
            name: "FeatureOverrides",
            validations: [FeatureOverrides.validate, FeatureOverrides.validateWithModerationFake, FeatureOverrides.validateWithEveryDouble]
        ),
        Fixture(name: "LiteralKeys", validations: [LiteralKeys.validate]),
        Fixture(name: "InferredResults", validations: [InferredResults.validate]),
        Fixture(name: "OverloadedInitializers", validations: [OverloadedInitializers.validate]),
        Fixture(name: "AssistedScreens", validations: [AssistedScreens.validate]),
        Fixture(name: "SpecFlows", validations: [SpecFlows.validateSignUp, SpecFlows.validateCheckout]),
        Fixture(name: "NestedGenericModules", validations: [NestedGenericModules.validate]),
    ] + RandomGraphs.validations.enumerated().map { Fixture(name: "Random\($0.offset)", validations: [$0.element]) }

    /// Every error `ComponentFactory.of` throws for the fixtures' root components.
    public static func runtimeErrors() -> [any CleanseError] {
        all.flatMap(errors(of:))
    }

    /// The errors `fixture`'s `ComponentFactory.of` calls throw.
    public static func errors(of fixture: Fixture) -> [any CleanseError] {
        var errors: [any CleanseError] = []
        for validate in fixture.validations {
            do {
                try validate()
            } catch let error as any CleanseError {
                errors += error.allErrors
            } catch {
                errors.append(Unexpected(error: error))
            }
        }
        return errors
    }

    /// Every warning `ComponentFactory.of` finds for the fixtures' root components (the
    /// others find none: the parity test checks that cleansec finds none there either).
    public static func runtimeWarnings() throws -> [any CleanseError] {
        try ForgottenInjectors.warnings() + ModuleComponents.settingsWarnings()
    }

    private struct Unexpected: CleanseError {
        let error: any Error
        var description: String { "unexpected error \(error)" }
    }
}
