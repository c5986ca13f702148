#!/usr/bin/env bash
# Builds the sample twice with cleansec's build-tool plugin: as written (the build must
# succeed, the app run, and BakeryKit's partial model be cached), then with a planted
# mistake in BakeryKit (the build must fail with the MissingBinding diagnostic on the
# baker's binding in the app target), then with a property injector nothing requests (the
# build must succeed and show the warning at its line). Restores the sources either way.
set -euo pipefail
cd "$(dirname "$0")"
# CI builds the examples in one scratch folder, so that swift-syntax (for the plugin's
# cleansec) is built once for all of them: CLEANSE_EXAMPLES_SCRATCH names it.
scratch=.build
if [ -n "${CLEANSE_EXAMPLES_SCRATCH:-}" ]; then
    scratch="$CLEANSE_EXAMPLES_SCRATCH"
    set -- --scratch-path "$scratch" "$@"
fi
source=Sources/BakeryKit/Bakery.swift
component=Sources/Bakery/BakeryComponent.swift
backup=$(mktemp)
cp "$source" "$backup"
component_backup=$(mktemp)
cp "$component" "$component_backup"
trap 'cp "$backup" "$source"; cp "$component_backup" "$component"; rm -f "$backup" "$component_backup" cleansec.log build.log' EXIT

swift build "$@"
swift run "$@" Bakery | grep -q "The baker bakes a loaf."
echo "check.sh: the valid sample builds and runs"
model=$(find "$scratch" -path '*CleansecPlugin*' -name BakeryKit.json | head -n 1)
if [ -z "$model" ] || ! grep -q '"moduleName" : "BakeryKit"' "$model"; then
    echo "check.sh: no partial model of BakeryKit was cached" >&2
    exit 1
fi
echo "check.sh: BakeryKit's partial model is at $model"
# The command plugin, as the README shows it: every target that uses Cleanse, checked.
swift package "$@" cleansec > cleansec.log 2>&1 || { cat cleansec.log; echo "check.sh: swift package cleansec failed on the valid sample" >&2; exit 1; }
grep -q "cleansec: 1 root component, 3 bindings understood, 0 opaque" cleansec.log || { cat cleansec.log; echo "check.sh: swift package cleansec did not read the app's graph" >&2; exit 1; }
rm -f cleansec.log
echo "check.sh: swift package cleansec reads the app's graph through BakeryKit's model"

sed -i '/cleansec-sample: planted mistake removes this line/d' "$source"
line=$(grep -n "bind.to(factory: Baker.init)" "$component" | cut -d: -f1)
if swift build "$@" > build.log 2>&1; then
    cat build.log
    echo "check.sh: the build with a planted mistake succeeded" >&2
    exit 1
fi
if ! grep -q "Sources/Bakery/BakeryComponent.swift:$line:[0-9]*: error: \[Cleanse/MissingBinding\] missing binding for 'Flour'" build.log; then
    cat build.log
    echo "check.sh: the build failed without the expected diagnostic at BakeryComponent.swift:$line" >&2
    exit 1
fi
rm -f build.log
if swift package "$@" cleansec > cleansec.log 2>&1 || ! grep -q "BakeryComponent.swift:$line:[0-9]*: error: \[Cleanse/MissingBinding\]" cleansec.log; then
    cat cleansec.log
    echo "check.sh: swift package cleansec did not report the planted mistake" >&2
    exit 1
fi
rm -f cleansec.log
echo "check.sh: the planted mistake fails the build and swift package cleansec at BakeryComponent.swift:$line"

# A forgotten property injector: a warning at its line, and the build goes on.
cp "$backup" "$source"
cat >> "$component" <<'SWIFT'

/// A display the oven's door makes; its injector is planted and never requested.
final class OvenDisplay {
    var oven: Oven?
    func injectProperties(_ oven: Oven) { self.oven = oven }
}
SWIFT
sed -i 's|^        binder.bind(Oven.self).sharedInScope().to(factory: Oven.init)$|&\n        binder.bindPropertyInjectionOf(OvenDisplay.self).to(injector: OvenDisplay.injectProperties)|' "$component"
line=$(grep -n "bindPropertyInjectionOf(OvenDisplay.self)" "$component" | cut -d: -f1)
swift build "$@" > build.log 2>&1 || { cat build.log; echo "check.sh: a warning failed the build" >&2; exit 1; }
if ! grep -q "Sources/Bakery/BakeryComponent.swift:$line:[0-9]*: warning: \[Cleanse/UnrequestedPropertyInjector\] nothing in component 'BakeryComponent' requests 'PropertyInjector<OvenDisplay>'" build.log; then
    cat build.log
    echo "check.sh: the build did not show the unrequested injector's warning at BakeryComponent.swift:$line" >&2
    exit 1
fi
echo "check.sh: a property injector nothing requests is a warning at BakeryComponent.swift:$line, and the build succeeds"
