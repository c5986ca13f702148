/// Times an operation: a warm-up, then repeated samples; reports the median time per call.
struct Sampler {
    let samples: Int
    let minimumSampleNanoseconds: Int64

    func medianNanoseconds(_ operation: () -> Void) -> Double {
        // Warm up and find how many calls make one sample long enough to time reliably.
        var iterations = 1
        while Self.nanoseconds(iterations, operation) < minimumSampleNanoseconds, iterations < 1 << 24 {
            iterations *= 2
        }
        var perCall: [Double] = []
        for _ in 0..<samples {
            perCall.append(Double(Self.nanoseconds(iterations, operation)) / Double(iterations))
        }
        return median(perCall)
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
