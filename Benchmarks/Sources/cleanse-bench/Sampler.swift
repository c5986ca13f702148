/// Times an operation: a warm-up, then repeated samples; reports the median time per call.
struct Sampler {
    let samples: Int
    let minimumSampleNanoseconds: Int64

    func medianNanoseconds(_ operation: () -> Void) -> Double {
        let iterations = iterationsPerSample(operation)
        var perCall: [Double] = []
        for _ in 0..<samples {
            perCall.append(Double(Self.nanoseconds(iterations, operation)) / Double(iterations))
        }
        return median(perCall)
    }

    /// Times `operations` a sample of each in turn, round after round, so that a change of
    /// load on the shared machine during the run weighs on all of them alike. Each sample
    /// follows a few untimed calls, so that it starts with the caches warm for its own
    /// operation, as when operations are timed one after the other. Reports each one's
    /// median time per call and the median, over rounds, of its time divided by the first
    /// operation's time in the same round (the first's ratio is 1).
    func interleavedMedians(_ operations: [() -> Void]) -> [(nanoseconds: Double, ratio: Double)] {
        let iterations = operations.map(iterationsPerSample)
        var perCall = [[Double]](repeating: [], count: operations.count)
        var ratios = [[Double]](repeating: [], count: operations.count)
        for _ in 0..<samples {
            let round = zip(operations, iterations).map { operation, iterations in
                for _ in 0..<max(1, iterations / 8) {
                    operation()
                }
                return Double(Self.nanoseconds(iterations, operation)) / Double(iterations)
            }
            for index in operations.indices {
                perCall[index].append(round[index])
                ratios[index].append(round[index] / round[0])
            }
        }
        return operations.indices.map { (median(perCall[$0]), median(ratios[$0])) }
    }

    /// Warms `operation` up and finds how many calls make one sample long enough to time
    /// reliably.
    func iterationsPerSample(_ operation: () -> Void) -> Int {
        var iterations = 1
        while Self.nanoseconds(iterations, operation) < minimumSampleNanoseconds, iterations < 1 << 24 {
            iterations *= 2
        }
        return iterations
    }

    static func nanoseconds(_ iterations: Int, _ operation: () -> Void) -> Int64 {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations {
            operation()
        }
        return nanoseconds(clock.now - start)
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}
