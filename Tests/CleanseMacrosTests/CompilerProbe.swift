import TestToolchain

// Snippets type-checked by `swiftc` against the modules this package built (a test target
// that depended on the macro target itself would make SwiftPM build every test target twice).
// `CompilerProbe` checks each answer: a missing or crashed compiler, or a macro plugin that
// did not load, fails the test instead of reading as "it compiles".

/// What the compiler printed for `source` (Swift 6 language mode unless `swiftVersion` says
/// otherwise, with any further compiler `flags`), the macro plugin loaded.
func typecheck(_ source: String, swiftVersion: Int = 6, depth: CompilerProbe.Depth = .typeCheck, flags: [String] = []) throws -> String {
    try CompilerProbe().typecheck(source, swiftVersion: swiftVersion, depth: depth, flags: flags).output
}

/// Whether the compile probes of this target run: in the full suite, with the built modules
/// and the macro plugin beside the test binary.
let compilerProbesRun = FullSuite.isOn && CompilerProbe.builtModulesAreBeside
