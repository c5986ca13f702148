//
//  Configuration.swift
//  LedKit
//

import Cleanse

public struct LedConfiguration {
    public let ledCount: Int
    public let host: String
    public let port: Int

    public init(ledCount: Int, host: String, port: Int) {
        self.ledCount = ledCount
        self.host = host
        self.port = port
    }
}

/// The frame rate the visualizations are drawn at.
public struct FramesPerSecond: Tag {
    public typealias Element = Int
}
