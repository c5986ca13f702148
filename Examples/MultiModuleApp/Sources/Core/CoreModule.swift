import AnalyticsKit
import Cleanse

/// The base URL of the app's API.
public struct APIBaseURL: Tag {
    public typealias Element = String
}

/// Binds the services every feature uses, once for the app.
public struct CoreModule: Module {
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(APIClient.self).sharedInScope().to { (baseURL: TaggedProvider<APIBaseURL>) in
            APIClient(baseURL: baseURL.get())
        }
        // The vendor's uploader, from its own package (`AnalyticsKit`).
        binder.bind(UploadConfiguration.self).to(value: UploadConfiguration(writeKey: "multi-module-demo"))
        binder.bind(EventUploader.self).sharedInScope().to(factory: EventUploader.init)
        binder.bind(Analytics.self).sharedInScope().to(factory: Analytics.init(uploader:))
    }
}
