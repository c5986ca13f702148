//
//  OPCClient.swift
//  LedKit
//
//  Open Pixel Control: frames sent to the LED server.
//

import Cleanse

public final class OPCClient {
    public let host: String
    public let port: Int

    init(configuration: LedConfiguration) {
        host = configuration.host
        port = configuration.port
    }

    public func send(_ pixels: [UInt32]) {}
}

public final class EntryPoint {
    let client: OPCClient
    let visualization: Provider<Visualization>

    init(client: OPCClient, visualization: Provider<Visualization>) {
        self.client = client
        self.visualization = visualization
    }

    public func run(frames: Int) {
        let visualization = visualization.get()
        for frame in 0..<frames { client.send(visualization.draw(frame: frame)) }
    }
}

public struct OPCModule: Cleanse.Module {
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(OPCClient.self).sharedInScope().to(factory: OPCClient.init)
        binder.bind(EntryPoint.self).to(factory: EntryPoint.init)
    }
}
