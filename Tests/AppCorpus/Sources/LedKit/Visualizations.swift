//
//  Visualizations.swift
//  LedKit
//

import Cleanse

public protocol Visualization: AnyObject {
    var name: String { get }
    func draw(frame: Int) -> [UInt32]
}

public final class RainbowVisualization: Visualization {
    public let name = "Rainbow"
    let ledCount: Int

    public init(configuration: LedConfiguration) {
        ledCount = configuration.ledCount
    }

    public func draw(frame: Int) -> [UInt32] { Array(repeating: UInt32(frame), count: ledCount) }
}

public final class ClockVisualization: Visualization {
    public let name = "Clock"
    let ledCount: Int
    let fps: Int

    init(configuration: LedConfiguration, fps: TaggedProvider<FramesPerSecond>) {
        ledCount = configuration.ledCount
        self.fps = fps.get()
    }

    public func draw(frame: Int) -> [UInt32] { Array(repeating: UInt32(frame / fps), count: ledCount) }
}

/// Cycles through every visualization the app was given.
public final class CompositeVisualization: Visualization {
    public let name = "All"
    let visualizations: [Visualization]

    init(visualizations: [Visualization]) {
        self.visualizations = visualizations
    }

    public func draw(frame: Int) -> [UInt32] {
        visualizations[frame % visualizations.count].draw(frame: frame)
    }
}

public struct VisualizationsModule: Cleanse.Module {
    public static func configure(binder: Binder<Singleton>) {
        binder
            .bind(Visualization.self)
            .intoCollection()
            .to(factory: RainbowVisualization.init)
        binder
            .bind(Visualization.self)
            .intoCollection()
            .to(factory: ClockVisualization.init)
        binder
            .bind(Visualization.self)
            .sharedInScope()
            .to { CompositeVisualization(visualizations: $0) }
        binder
            .bind()
            .tagged(with: FramesPerSecond.self)
            .to(value: 60)
    }
}
