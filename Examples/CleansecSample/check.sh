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
# The plugin's choice of tool (below) stands a script in for a release build of cleansec;
# a real one already there is set aside and put back.
release=""
aside=$(mktemp -d)
stand_in=""
restore_release_tools() {
    [ -n "$stand_in" ] || return 0
    rm -f "$release/cleansec-tool" "$release/cleansec-ran"
    for tool in "$aside"/*; do if [ -e "$tool" ]; then mv "$tool" "$release/"; fi; done
    stand_in=""
}
trap 'cp "$backup" "$source"; cp "$component_backup" "$component"; rm -f "$backup" "$component_backup" cleansec.log build.log; restore_release_tools; rm -rf "$aside"' EXIT

swift build "$@"
swift run "$@" Bakery | grep -q "The baker bakes a loaf."
echo "check.sh: the valid sample builds and runs"
model=$(find "$scratch" -path '*CleansecPlugin*' -name BakeryKit.json | head -n 1)
if [ -z "$model" ] || ! grep -q '"moduleName" : "BakeryKit"' "$model"; then
    echo "check.sh: no partial model of BakeryKit was cached" >&2
    exit 1
fi
echo "check.sh: BakeryKit's partial model is at $model"
# In a debug build the plugin runs a release build of cleansec when one sits beside the debug
# tool and is newer than every source it is built from (swift-syntax's parser unoptimised is
# about twenty times slower), and the debug tool when it is older (built from other sources,
# perhaps). A script that notes it ran, then runs the debug tool, stands in for the release
# build.
debug_tool="$(swift build "$@" --show-bin-path)/cleansec-tool"
release="$(dirname "$(dirname "$debug_tool")")/release"
mkdir -p "$release"
stand_in=1
for tool in cleansec-tool cleansec; do if [ -e "$release/$tool" ]; then mv "$release/$tool" "$aside/"; fi; done
printf '#!/bin/sh\ntouch "%s"\nexec "%s" "$@"\n' "$release/cleansec-ran" "$debug_tool" > "$release/cleansec-tool"
chmod +x "$release/cleansec-tool"
echo "// a change, so that the plugin runs again: $RANDOM" >> "$component"
swift build "$@" > build.log 2>&1 || { cat build.log; echo "check.sh: the build with a newer release tool failed" >&2; exit 1; }
[ -e "$release/cleansec-ran" ] || { cat build.log; echo "check.sh: the plugin did not run the newer release build of cleansec" >&2; exit 1; }
rm "$release/cleansec-ran"
touch -d '2001-01-01 00:00' "$release/cleansec-tool"
echo "// a change, so that the plugin runs again: $RANDOM" >> "$component"
swift build "$@" > build.log 2>&1 || { cat build.log; echo "check.sh: the build with an older release tool failed" >&2; exit 1; }
[ ! -e "$release/cleansec-ran" ] || { cat build.log; echo "check.sh: the plugin ran a release build of cleansec older than its sources" >&2; exit 1; }
restore_release_tools
rm -f build.log
echo "check.sh: the plugin runs a current release build of cleansec, and leaves an older one alone"

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
