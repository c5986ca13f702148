import CleanseGraph
import Testing

/// A generic type of this module named like Cleanse's provider, as a vendor SDK declares one.
/// (This test module does not import Cleanse, so the name is free here.)
struct Provider<Value> {}

/// Code in a fix writes a type of another module named like one of Cleanse's with its
/// module, so that it compiles in a file that imports Cleanse; the runtime and cleansec
/// apply the one rule (`TypeIdentity.codeName`).
@Suite("Names in code")
struct CodeNameTests {
    @Test("the runtime writes another module's Provider with its module, and prose without")
    func aRuntimeTypeNamedLikeCleansesKeepsItsModuleInCode() {
        let identity = TypeIdentity(Provider<Int>.self)
        #expect(identity.name == "Provider<Int>")
        #expect(identity.codeName == "CleanseGraphTests.Provider<Int>")
        #expect(identity.metatypeExpression == "CleanseGraphTests.Provider<Int>.self")
        #expect(TypeIdentity(Optional<Provider<Int>>.self).codeName == "Optional<CleanseGraphTests.Provider<Int>>")
    }

    @Test("cleansec writes a Module:: key named like Cleanse's type with its module, and no other")
    func aSpelledTypeNamedLikeCleansesKeepsItsModuleInCode() {
        #expect(TypeIdentity(spelling: "Metrics::Provider<Clock>").codeName == "Metrics.Provider<Clock>")
        #expect(TypeIdentity(spelling: "Metrics::Provider<Clock>").name == "Provider<Clock>")
        #expect(TypeIdentity(spelling: "Array<Shop::Factory<Shop.Detail>>").writtenInCode == "Array<Shop.Factory<Shop.Detail>>")
        // Cleanse's own, a type named unlike Cleanse's, and a file's private type: as printed.
        #expect(TypeIdentity(spelling: "Cleanse::Provider<Clock>").codeName == "Provider<Clock>")
        #expect(TypeIdentity(spelling: "Feed::Env").codeName == "Env")
        #expect(TypeIdentity(spelling: "FSources_App_Screens_swift::Provider<Clock>").codeName == "Provider<Clock>")
        // Only a type of one generic argument, as the runtime writes it.
        #expect(TypeIdentity(spelling: "Kit::Provider<A, B>").codeName == "Provider<A, B>")
        #expect(TypeIdentity(spelling: "Feed::Factory").codeName == "Factory")
        #expect(TypeIdentity(spelling: "Kit::Provider<(A) -> B>").codeName == "Kit.Provider<(A) -> B>")
    }

    @Test("types nested in another type, or of Cleanse, are written as before")
    func nestedAndCleansesTypesAreUnchanged() {
        #expect(TypeNames.withoutModules("Kit.Vendor.Provider<Kit.Clock>", keepingModulesOf: ["Provider"]) == "Vendor.Provider<Clock>")
        #expect(TypeNames.withoutModules("Cleanse.Provider<Kit.Clock>", keepingModulesOf: ["Provider"]) == "Provider<Clock>")
        #expect(TypeNames.withoutModules("Kit.Provider<Kit.Clock>") == "Provider<Clock>")
        // Only types of one generic argument, as cleansec keys only those with their module.
        #expect(TypeNames.withoutModules("Kit.Provider<Kit.A, Kit.B>", keepingModulesOf: ["Provider"]) == "Provider<A, B>")
        #expect(TypeNames.withoutModules("Kit.Provider", keepingModulesOf: ["Provider"]) == "Provider")
        #expect(TypeNames.withoutModules("Kit.Provider<(Kit.A) -> Kit.B>", keepingModulesOf: ["Provider"]) == "Kit.Provider<(A) -> B>")
    }
}
