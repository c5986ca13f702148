import Cleanse
import Core
import Foundation

// Validates the app's graph and every feature's (once), then opens the features.
do {
    let app = try ComponentFactory.of(AppComponent.self).build(Session(userName: "ada"))
    for line in app.start() {
        print(line)
    }
} catch {
    print(error)
    exit(1)
}
