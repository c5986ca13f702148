/// Times an operation: a warm-up, then repeated samples; reports the median time per call.
struct Sampler {
    let samples: Int
    let minimumSampleNanoseconds: Int64

    func medianNanoseconds(_ operation: () -> Void) -> Double {
        // Warm up and find how many calls make one sample long enough to time reliably.
        var iterations = 1
        while nanoseconds(iterations, operation) < minimumSampleNanoseconds, iterations < 1 << 24 {
            iterations *= 2
        }
        var perCall: [Double] = []
        for _ in 0..<samples {
            perCall.append(Double(nanoseconds(iterations, operation)) / Double(iterations))
        }
        perCall.sort()
        return perCall[perCall.count / 2]
    }

    private func nanoseconds(_ iterations: Int, _ operation: () -> Void) -> Int64 {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations {
            operation()
        }
        let elapsed = clock.now - start
        return elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    }
}

/// One row of the report.
struct Result {
    let measure: String
    let n: Int
    let framework: String
    let medianNanoseconds: Double
    let ratioToHandWired: Double

    var json: String {
        "{\"measure\":\"\(measure)\",\"n\":\(n),\"framework\":\"\(framework)\",\"median_ns\":\(Int(medianNanoseconds.rounded())),\"ratio_to_handwired\":\(ratio)}"
    }

    var ratio: String {
        let scaled = (ratioToHandWired * 100).rounded() / 100
        return "\(scaled)"
    }
}
