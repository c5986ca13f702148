import Cleanse

/// The middleware every route goes through: errors answered as `{"error": "…"}`.
struct HTTPModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(MiddlewareContribution.self).intoCollection().to(value: MiddlewareContribution { router in
            router.add(middleware: JSONErrorMiddleware())
        })
    }
}
