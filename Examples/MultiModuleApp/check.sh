#!/usr/bin/env bash
# Builds, runs and tests the multi-module app with cleansec's build-tool plugin on every
# target that wires a graph, then plants four mistakes, one at a time: the app forgets to
# provide the feed feature's dependencies, next to the core's `@Injectable` clock its root
# requests (the app's build must fail at its `install(feature:)`), the profile feature's
# follow service loses `@Injectable` (the feature's build must fail there), the core's clock
# becomes a singleton that the profile feature's scope cannot hold (missing there, with a
# note at the clock, from another target), and the feed binds again a type its `@FeatureDependencies`
# protocol gives (a duplicate at the protocol's property). Restores the sources either way.
set -euo pipefail
cd "$(dirname "$0")"
# CI builds the examples in one scratch folder, so that swift-syntax (for the plugin's
# cleansec) is built once for all of them: CLEANSE_EXAMPLES_SCRATCH names it.
if [ -n "${CLEANSE_EXAMPLES_SCRATCH:-}" ]; then set -- --scratch-path "$CLEANSE_EXAMPLES_SCRATCH" "$@"; fi
app=Sources/App/AppComponent.swift
flow=Sources/FeatureA/ProfileFlow.swift
app_backup=$(mktemp)
flow_backup=$(mktemp)
feed=Sources/FeatureB/FeedComponent.swift
feed_backup=$(mktemp)
services=Sources/Core/Services.swift
services_backup=$(mktemp)
cp "$app" "$app_backup"
cp "$flow" "$flow_backup"
cp "$feed" "$feed_backup"
cp "$services" "$services_backup"
trap 'cp "$app_backup" "$app"; cp "$flow_backup" "$flow"; cp "$feed_backup" "$feed"; cp "$services_backup" "$services"; rm -f "$app_backup" "$flow_backup" "$feed_backup" "$services_backup" build.log cleansec.log' EXIT

# With a mistake planted: the build must fail, and its log hold every pattern given (grep
# patterns); `what` names the mistake in the failure message.
fails_to_build() {
    local what="$1"; shift
    if swift build "${build_args[@]}" > build.log 2>&1; then
        cat build.log; echo "check.sh: the app built with $what" >&2; exit 1
    fi
    for pattern in "$@"; do
        grep -q "$pattern" build.log || { cat build.log; echo "check.sh: $what: no line matching $pattern" >&2; exit 1; }
    done
}
build_args=("$@")

swift build "$@"
swift run "$@" App | grep -q "opened the profile of ada"
swift test "$@"
echo "check.sh: the app builds, runs and its tests pass (each feature built with a fake of its dependencies)"

# The command finishes in seconds once built (20 s here): it describes only the modules the
# analysed files import. It must take under a minute (issue 62); a limit of its own stops a
# regression to minutes from hanging CI.
started=$SECONDS
timeout 300 swift package "$@" cleansec > cleansec.log 2>&1 || { cat cleansec.log; echo "check.sh: swift package cleansec failed on the valid app" >&2; exit 1; }
elapsed=$((SECONDS - started))
[ "$elapsed" -le 60 ] || { echo "check.sh: swift package cleansec took $elapsed s after the build, over a minute" >&2; exit 1; }
echo "check.sh: swift package cleansec finished in $elapsed s after the build"

# The app (10 bindings, read through the features' partial models, the vendor's uploader
# through the symbol graph SwiftPM makes of the AnalyticsKit package, which a build plugin
# cannot ask for), the profile feature (6, its theme read from the DesignSystem target,
# which does not use Cleanse; its follow service constructed from `@Injectable`) and the
# feed feature (3, its repository `@Injectable`), each wholly read.
for summary in "cleansec: 1 root component, 10 bindings understood, 0 opaque" "cleansec: 1 root component, 6 bindings understood, 0 opaque" \
    "cleansec: 1 root component, 3 bindings understood, 0 opaque" "2 bindings read with declarations from compiled modules: AnalyticsKit (2)"; do
    grep -q "$summary" cleansec.log || { cat cleansec.log; echo "check.sh: swift package cleansec did not print '$summary'" >&2; exit 1; }
done
echo "check.sh: swift package cleansec reads the app's graph (the vendor package through SwiftPM's symbol graph) and each feature's"

# The app forgets the feed's dependencies: reported at the feature's installation, though
# its root also requests the core's `@Injectable` clock, which the app's target reads
# through the core's partial model (before, that hid every missing binding of the root).
sed -i '/bind((any FeedDependencies).self)/d' "$app"
line=$(grep -n "install(feature: FeedComponent.self)" "$app" | cut -d: -f1)
fails_to_build "the feed's dependencies missing" \
    "Sources/App/AppComponent.swift:$line:[0-9]*: error: \[Cleanse/MissingBinding\] missing binding for 'FeedDependencies' in component 'AppComponent'"
echo "check.sh: an app that does not provide a feature's dependencies fails to build at AppComponent.swift:$line"
cp "$app_backup" "$app"

# The profile feature's follow service loses `@Injectable`, so nothing constructs it:
# reported in the feature's own target, where it is requested.
sed -i '/^@Injectable(scope: ProfileScope.self)$/d' "$flow"
fails_to_build "the profile feature's follow service not constructed" \
    "Sources/FeatureA/ProfileComponent.swift:[0-9]*:[0-9]*: error: \[Cleanse/MissingBinding\] missing binding for 'FollowService' in component 'ProfileComponent'"
echo "check.sh: a feature's own mistake fails its own target's build"
cp "$flow_backup" "$flow"

# The core's clock becomes a singleton: the profile feature, a root of its own in its own
# scope, cannot hold it, so nothing there makes it. One error, by the feature's target
# (which reads the core only through its partial model): the clock is missing, with a note
# at its declaration in the core saying its scope is why.
sed -i 's/^@Injectable$/@Injectable(scope: Singleton.self)/' "$services"
line=$(grep -n "^public final class Clock" "$services" | cut -d: -f1)
fails_to_build "a singleton clock in the profile feature's scope" \
    "error: \[Cleanse/MissingBinding\] missing binding for 'Clock' in component 'ProfileComponent'" \
    "Sources/Core/Services.swift:$line:[0-9]*: note: 'Clock' is @Injectable, declared at Core/Services.swift:$line, but the graph cannot construct it: it is shared in scope 'Singleton'"
echo "check.sh: another target's @Injectable type in a scope the feature lacks is missing there, with a note at Services.swift:$line"
cp "$services_backup" "$services"

# The feed binds its API client again, though its dependency protocol gives it: a duplicate,
# named at the protocol's property, where `@FeatureDependencies` placed the seed's binding.
sed -i 's|binder.include(module: FeedDependenciesModule.self)|&\n        binder.bind(APIClient.self).to { APIClient(baseURL: "https://feed.example") }|' "$feed"
line=$(grep -n "var api: APIClient" Sources/FeatureB/FeedDependencies.swift | cut -d: -f1)
fails_to_build "the feed's API client bound twice" \
    "error: \[Cleanse/DuplicateBinding\] 'APIClient' is bound 2 times in component 'FeedComponent'" \
    "Sources/FeatureB/FeedDependencies.swift:$line:[0-9]*: note: bound at FeatureB/FeedDependencies.swift:$line"
echo "check.sh: a type the feed binds again is reported at its dependency protocol's property, FeedDependencies.swift:$line"
