public import Cleanse

/// The fixtures the parity tests run both ways: each root component through
/// `ComponentFactory.of` here, and the same source files through cleansec.
///
/// A line where cleansec must report an error ends with an `expect:` comment naming the
/// error's ID.
public enum Fixtures {
    /// Every error `ComponentFactory.of` throws for the fixtures' root components.
    public static func runtimeErrors() -> [any CleanseError] {
        let validations: [@Sendable () throws -> Void] = [
            ValidShop.validate,
            MissingAcrossFiles.validate,
            Duplicates.validate,
            Cycles.validate,
            Scopes.validate,
            AsyncMistakes.validate,
            MainActorShop.validate,
            SelfRetaining.validate,
            Lifetimes.validate,
            ComponentPorts.validate,
            Tuples.validate,
            DebugFakes.validate,
            GenericShop.validate,
            GenericShop.validateInbox,
            GenericShop.validateFeature,
            ModuleComponents.validate,
            ModuleComponents.validateSettings,
            HelperWiring.validate,
            FunctionReferences.validate,
            ClosureIdioms.validate,
            PrivateInitializers.validate,
            TestDoubles.validate,
            TestDoubles.validateWithDoubles,
            RuntimeSwitches.validate,
            LoopsAndGuards.validate,
            ShorthandFactories.validate,
            EveryTerminatingForm.validate,
            EveryTerminatingForm.validateCart,
            SelfReferences.validate,
            ScreenHelpers.validate,
            InjectedScreens.validate,
            InjectableScreens.validate,
            FeatureModules.validate,
            MainActorScreens.validate,
            VendorSDKWiring.validate,
            FoundationWiring.validate,
            ExpressionResults.validate,
            InheritedInitializers.validate,
            InjectorClosures.validate,
        ] + RandomGraphs.validations
        var errors: [any CleanseError] = []
        for validate in validations {
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
