import Synchronization

/// How many times a counted singleton has been constructed since the last reset.
let constructions = Atomic<Int>(0)

/// Called by the initializer of every `GNCounted` class.
func countConstruction() {
    constructions.add(1, ordering: .relaxed)
}
