/// The positions of the bindings that provide one key in a component, in the order they were
/// written: one for most keys, several for a collection's contributions.
///
/// A collection of its own rather than `[Int]`: the index of a component's keys holds one of
/// these per key, and an array each was one allocation per binding of every graph validated.
/// Inlinable, so that the linker (another module) walks it without a call per element.
package struct BindingPositions: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// The first position, or -1 when there is none.
    @usableFromInline var firstPosition: Int
    /// The positions after the first (contributions to a collection).
    @usableFromInline var rest: [Int]

    /// No position: a key bound nowhere here.
    @inlinable package init() {
        firstPosition = -1
        rest = []
    }

    /// The one position of a key bound once.
    @inlinable package init(only position: Int) {
        firstPosition = position
        rest = []
    }

    package init(arrayLiteral positions: Int...) {
        firstPosition = positions.first ?? -1
        rest = Array(positions.dropFirst())
    }

    /// Adds the position of another binding of the key, after the others.
    package mutating func append(_ position: Int) {
        if firstPosition < 0 {
            firstPosition = position
        } else {
            rest.append(position)
        }
    }

    // `isEmpty` and `count` of their own: `Collection`'s, unspecialised in another module,
    // went through the protocol's dispatch thunks.
    @inlinable package var isEmpty: Bool { firstPosition < 0 }
    @inlinable package var count: Int { firstPosition < 0 ? 0 : rest.count &+ 1 }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { firstPosition < 0 ? 0 : rest.count + 1 }

    @inlinable package subscript(index: Int) -> Int {
        index == 0 ? firstPosition : rest[index - 1]
    }
}
