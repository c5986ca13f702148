import Cleanse

// The README's demonstration. `swift run coffee-maker` brews a cup through a Cleanse
// object graph; `swift run coffee-maker --broken` shows the errors a misconfigured graph
// throws before anything is built.

let arguments = CommandLine.arguments.dropFirst()

if arguments.contains("--broken") {
    do {
        _ = try ComponentFactory.of(BrokenCoffeeShop.self)
        print("unexpectedly valid")
    } catch {
        print(error)
    }
} else {
    do {
        let coffeeMaker = try ComponentFactory.of(CoffeeShop.self).build(())
        coffeeMaker.brew()
        let logger = coffeeMaker.logLines
        logger.forEach { print($0) }
    } catch {
        print(error)
    }
}
