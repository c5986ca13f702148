//
//  OnboardingSpec.swift
//  TryoutApp
//

import Cleanse
import TryoutCore

final class OnboardingScreen {
    let pages: [String]

    init(pages: [String]) {
        self.pages = pages
    }
}

enum OnboardingSpec: FlowSpec {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoCollection().to(value: "Welcome")
        binder.bind(String.self).intoCollection().to(value: "Notifications")
    }

    static func configureRoot(binder bind: ReceiptBinder<OnboardingScreen>) -> BindingReceipt<OnboardingScreen> {
        return bind.to(factory: OnboardingScreen.init)
    }
}

typealias OnboardingFlow = Flow<OnboardingSpec>
