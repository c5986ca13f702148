//
//  RegisterModule.swift
//  TryoutLogin
//

import Cleanse
import TryoutCore
import UIKit

public struct TermsURL: Tag {
    public typealias Element = String
}

public protocol RegisterRoute: AnyObject {
    func registered(user: String)
}

public final class RegisterViewController: UIViewController {
    let network: NetworkService
    let termsURL: String
    weak var route: RegisterRoute?

    init(network: NetworkService, route: RegisterRoute, termsURL: TaggedProvider<TermsURL>) {
        self.network = network
        self.route = route
        self.termsURL = termsURL.get()
        super.init()
    }
}

public struct RegisterModule: Cleanse.Module {
    public static func configure(binder: AppBinder) {
        binder.bind(RegisterViewController.self).to(factory: RegisterViewController.init)
    }
}
