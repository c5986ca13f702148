//
//  AppScope.swift
//  TryoutCore
//

import Cleanse

/// The app's one scope: everything shared lives as long as the app delegate's graph.
public struct AppScope: Scope {}

public typealias AppBinder = Binder<AppScope>
