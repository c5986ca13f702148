import Dispatch

/// Runs an operation on two threads at once, from a fresh set-up each trial, and reports the
/// median time per call on each thread and how many constructions each trial saw.
struct Contention {
    let trials: Int
    let callsPerThread: Int

    func measure(_ setUp: () -> () -> Void) -> (medianNanoseconds: Double, constructions: [Int]) {
        var perCall: [Double] = []
        var counts: [Int] = []
        for _ in 0..<trials {
            constructions.store(0, ordering: .relaxed)
            let operation = UncheckedSendable(setUp())
            let calls = callsPerThread
            let clock = ContinuousClock()
            let start = clock.now
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<calls {
                    operation.value()
                }
            }
            perCall.append(Double(Sampler.nanoseconds(clock.now - start)) / Double(calls))
            counts.append(constructions.load(ordering: .relaxed))
        }
        return (median(perCall), counts)
    }
}

/// Hands a value to other threads; the benchmark's operations are safe to run concurrently
/// (that is what the two-thread measure checks) but are not typed `Sendable`.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
