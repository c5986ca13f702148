import BakeryKit
import Cleanse

do {
    let baker = try ComponentFactory.of(BakeryComponent.self).build(())
    print("The baker bakes \(baker.bake()).")
} catch {
    print(error)
}
