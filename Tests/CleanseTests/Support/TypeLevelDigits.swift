/// Ten types standing for the digits 0 to 9, so that generic types over them (`Node<D4, D2>`)
/// give tests as many distinct types as they need without declaring each: the generated
/// graphs of the exactly-once and launch-profile tests.
protocol Digit: Sendable { static var value: Int { get } }
enum D0: Digit { static let value = 0 }
enum D1: Digit { static let value = 1 }
enum D2: Digit { static let value = 2 }
enum D3: Digit { static let value = 3 }
enum D4: Digit { static let value = 4 }
enum D5: Digit { static let value = 5 }
enum D6: Digit { static let value = 6 }
enum D7: Digit { static let value = 7 }
enum D8: Digit { static let value = 8 }
enum D9: Digit { static let value = 9 }

/// The digit types, in order.
let digitTypes: [any Digit.Type] = [D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self]
