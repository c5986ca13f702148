/// Reuse of a subcomponent's instances, build after build.
///
/// A subcomponent built once per request makes, per build, a ``ComponentInstance`` and its
/// storage, and frees both when `build(_:)` returns, since nothing it built can reach the
/// instance: its template has a private build plan (nothing the root needs takes a provider,
/// a factory or the component itself) and no retaining objects (`reuseWord` ≥ 0). Such an
/// instance is emptied instead (its scoped instances and seed released, as freeing it would)
/// and left in a word of its parent's storage, where the next build takes it.
///
/// Each build still has an instance of its own: one is taken by an atomic exchange, so two
/// builds never share it, and it is left only when nothing but the finishing build holds it
/// (`isKnownUniquelyReferenced`), after every value it held was released. While it waits it
/// holds no parent, so a parent and its waiting child do not keep each other alive: the
/// parent's storage releases it with everything else.
extension ComponentInstance {
    /// An instance of the subcomponent `template` below `parent`, holding `seed`: the
    /// finished one waiting in `parent`, or a new one.
    static func reusable<Seed>(of template: ComponentTemplate, in parent: ComponentInstance, seed: consuming Seed) -> ComponentInstance {
        guard let waiting = parent.storage.takeWaiting(template.reuseWord) else {
            return ComponentInstance(template: template, parent: parent, seed: seed)
        }
        let instance = Unmanaged<ComponentInstance>.fromOpaque(waiting).takeRetainedValue()
        instance.parent = parent
        instance.storage.initializeSeed(seed)
        return instance
    }

    /// Ends a build of `instance`, which `reusable(of:in:seed:)` made: when nothing else
    /// holds it, releases what it holds and leaves it in its parent for the next build.
    static func finish(_ instance: inout ComponentInstance) {
        guard isKnownUniquelyReferenced(&instance), instance.isPlainOwner, let parent = instance.parent else { return }
        instance.storage.emptyForReuse()
        instance.parent = nil
        parent.storage.offer(Unmanaged<AnyObject>.passRetained(instance), at: instance.template.reuseWord)
    }
}
