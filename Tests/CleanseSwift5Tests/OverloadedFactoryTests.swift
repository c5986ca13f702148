import Cleanse
import XCTest

// The Swift 5 language mode twin of CleanseTests/SourceCompat/OverloadedFactoryTests.swift:
// a reference naming several overloads compiles against the Swift 5 forms of
// `to(factory:)` and binds the overload with the fewest parameters, as Cleanse 4 did.

/// Overloaded types that say which of their overloads made them.
enum Overloaded {
    struct Label: Cleanse.Tag { typealias Element = String }

    final class Player {
        let made: String
        init(label: TaggedProvider<Label>) { made = "init(label:)" }
        init(label: TaggedProvider<Label>, volume: Int) { made = "init(label:volume:)" }
    }

    struct Track {
        var made = "memberwise"
        var number: Int
        var length: Double
    }

    struct Mixer {
        let made: String
        static func make(channels: Int) -> Mixer { Mixer(made: "make(channels:)") }
        static func make(channels: Int, gain: Double) -> Mixer { Mixer(made: "make(channels:gain:)") }
    }

    final class Queue {
        let made: String
        init() { made = "init()" }
        init(capacity: Int) { made = "init(capacity:)" }
    }

    struct Effect {
        let made: String
        init(gain: Int) { made = "init(gain:)" }
        init(gain: Int, wet: Double) { made = "init(gain:wet:)" }
    }

    struct Stage {
        let made: String
        let player: Player, track: Track, mixer: Mixer, queue: Queue
        init(player: Player, track: Track, mixer: Mixer, queue: Queue) {
            (made, self.player, self.track, self.mixer, self.queue) = ("init(player:track:mixer:queue:)", player, track, mixer, queue)
        }
        init(player: Player, track: Track, mixer: Mixer, queue: Queue, encore: Track) {
            (made, self.player, self.track, self.mixer, self.queue) = ("with encore", player, track, mixer, queue)
        }
    }

    struct Studio: RootComponent {
        typealias Root = Stage
        static func configure(binder: Binder<Unscoped>) {
            binder.bind().tagged(with: Label.self).to(value: "live")
            binder.bind().to(value: 2)
            binder.bind().to(value: 0.25)
            binder.bind(Player.self).to(factory: Player.init)
            binder.bind(Track.self).to(factory: Track.init)
            binder.bind(Mixer.self).to(factory: Mixer.make)
            binder.bind().to(factory: Queue.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<Stage>) -> BindingReceipt<Stage> {
            bind.to(factory: Stage.init)
        }
    }
}

/// An assisted factory's element with an initializer of the seed alone and a longer one.
struct Setlist {
    let made: String
    init(show: Assisted<String>) { made = "init(show:)" }
    init(show: Assisted<String>, player: Overloaded.Player) { made = "init(show:player:)" }
    struct Factory: AssistedFactory {
        typealias Seed = String
        typealias Element = Setlist
    }
}

/// The setlists' factory, bound by an overloaded reference in Swift 5 mode.
struct Tour: RootComponent {
    typealias Root = Factory<Setlist.Factory>
    static func configure(binder: Binder<Unscoped>) {
        binder.bindFactory(Setlist.self).with(Setlist.Factory.self).to(factory: Setlist.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (factory: Root) in factory }
    }
}

/// A collection of overloaded contributions, in Swift 5 mode.
struct EffectsRack: RootComponent {
    typealias Root = [Overloaded.Effect]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind().to(value: 3)
        binder.bind(Overloaded.Effect.self).intoCollection().to(factory: Overloaded.Effect.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<[Overloaded.Effect]>) -> BindingReceipt<[Overloaded.Effect]> {
        bind.to { (effects: [Overloaded.Effect]) in effects }
    }
}

extension Overloaded.Track {
    init(number: Int) {
        self.init(made: "init(number:)", number: number, length: 0)
    }
}

final class OverloadedFactorySwift5Tests: XCTestCase {
    func testEachOverloadedReferenceBindsItsOverloadWithTheFewestParameters() throws {
        let stage = try ComponentFactory.of(Overloaded.Studio.self).build(())
        XCTAssertEqual(stage.made, "init(player:track:mixer:queue:)")
        XCTAssertEqual(stage.player.made, "init(label:)")
        XCTAssertEqual(stage.track.made, "init(number:)")
        XCTAssertEqual(stage.mixer.made, "make(channels:)")
        XCTAssertEqual(stage.queue.made, "init()")
        let effects = try ComponentFactory.of(EffectsRack.self).build(())
        XCTAssertEqual(effects.map(\.made), ["init(gain:)"])
        XCTAssertEqual(try ComponentFactory.of(Tour.self).build(()).build("encore").made, "init(show:)")
    }
}
