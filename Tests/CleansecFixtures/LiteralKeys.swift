import Cleanse

/// A heart-rate monitor's Bluetooth wiring, as device apps write it: a handler per GATT
/// characteristic keyed by its 16-bit UUID in hex, and the device's opcodes in a tagged
/// dictionary whose tag makes the keys `UInt8`. One UUID is written twice in two bases
/// (`0x2A19` and `10777`), which the runtime reports; the other keys are distinct values
/// however they are written.
public enum LiteralKeys {
    protocol CharacteristicHandler: Sendable {
        func read() -> String
    }
    struct HeartRateMeasurement: CharacteristicHandler { func read() -> String { "72 bpm" } }
    struct BodySensorLocation: CharacteristicHandler { func read() -> String { "wrist" } }
    struct BatteryLevel: CharacteristicHandler { func read() -> String { "88%" } }
    struct FirmwareRevision: CharacteristicHandler { func read() -> String { "1.4.2" } }
    struct Manufacturer: CharacteristicHandler { func read() -> String { "Acme" } }

    struct Command: Sendable { let name: String }
    /// The monitor's control-point opcodes, one byte each.
    struct Opcodes: Cleanse.Tag { typealias Element = [UInt8: Command] }

    final class Peripheral {
        init(characteristics: [Int: any CharacteristicHandler], opcodes: TaggedProvider<Opcodes>) {}
    }

    struct GATTModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind((any CharacteristicHandler).self).intoDictionary(key: 0x2A37).to { HeartRateMeasurement() as any CharacteristicHandler }
            binder.bind((any CharacteristicHandler).self).intoDictionary(key: 0x2A38).to { BodySensorLocation() as any CharacteristicHandler }
            binder.bind((any CharacteristicHandler).self).intoDictionary(key: 0x2A19).to { BatteryLevel() as any CharacteristicHandler } // expect: DuplicateDictionaryKey
            binder.bind((any CharacteristicHandler).self).intoDictionary(key: 10777).to { Manufacturer() as any CharacteristicHandler }
            binder.bind((any CharacteristicHandler).self).intoDictionary(key: 0b0010_1010_0010_0110).to { FirmwareRevision() as any CharacteristicHandler }
            binder.bind(Command.self).intoDictionary(key: 0x01).tagged(with: Opcodes.self).to(value: Command(name: "reset energy expended"))
            binder.bind(Command.self).intoDictionary(key: 0x02).tagged(with: Opcodes.self).to(value: Command(name: "start session"))
        }
    }

    struct MonitorComponent: RootComponent {
        typealias Root = Peripheral
        static func configure(binder: UnscopedBinder) {
            binder.include(module: GATTModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Peripheral>) -> BindingReceipt<Peripheral> {
            bind.to(factory: Peripheral.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(MonitorComponent.self)
    }
}
