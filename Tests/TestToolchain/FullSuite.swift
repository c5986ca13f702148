import Foundation

/// Whether this run is the full suite (`CLEANSE_FULL_TESTS=1 swift test`, what `.ci/run` runs)
/// or the quick loop (`swift test`). The full suite adds the tests that launch the toolchain
/// (compile probes, the compiler oracle, symbol graphs, the cleansec executable) and the
/// exhaustive forms of sampled tests; the quick loop runs everything else.
public enum FullSuite {
    /// True when `CLEANSE_FULL_TESTS` is set to anything but `0` or the empty string.
    public static let isOn: Bool = {
        let value = ProcessInfo.processInfo.environment["CLEANSE_FULL_TESTS"] ?? ""
        return !value.isEmpty && value != "0"
    }()

    /// Why a test is left out of the quick loop, as Swift Testing prints it.
    public static let skipReason = "launches the toolchain or runs long: CLEANSE_FULL_TESTS=1 swift test runs it"

    /// `all` in the full suite; in the quick loop, the elements `quick` keeps.
    public static func sample<Element>(_ all: [Element], quick: (Element) -> Bool) -> [Element] {
        isOn ? all : all.filter(quick)
    }
}
