//
//  Flow.swift
//  TryoutCore
//
//  A flow is a root component of its own, specialised by a spec the app declares.
//

import Cleanse

public protocol FlowSpec {
    associatedtype Screen
    static func configure(binder: Binder<Unscoped>)
    static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen>
}

public struct Flow<Spec: FlowSpec>: Cleanse.RootComponent {
    public typealias Root = Spec.Screen

    public static func configure(binder: Binder<Unscoped>) {
        Spec.configure(binder: binder)
    }

    public static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        return Spec.configureRoot(binder: bind)
    }
}
