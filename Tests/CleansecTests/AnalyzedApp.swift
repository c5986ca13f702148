import CleansecCore

/// The analysis of one file of an app, `Sources/App/App.swift` in module `App`: how the
/// suites that write their apps inline run cleansec on them.
func analyzeApp(_ text: String, conditions: BuildConditions = .unknown) -> AnalysisReport {
    Analyzer(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: text)], conditions: conditions).analyze()
}
