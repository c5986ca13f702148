#!/usr/bin/env python3
"""The multi-target parity fuzz: random apps of three targets (targets.py: a core of
`@Injectable` services, a feature with an `@FeatureDependencies` protocol and a scope of its
own, an app that provides the protocol and installs the feature; targets `FuzzCore`,
`FuzzFeature` and `FuzzApp`), with mistakes planted in
the target where a new user would make them. Each app is compiled and run (the runtime's
errors, from `ComponentFactory.of` of the app and of the feature, are the oracle), and read
by cleansec exactly as its build plugin runs it: target by target, in dependency order, each
given its dependencies' sources as `--context-target` (read as partial models, kept in a
model cache) and `--define DEBUG`. The errors of the three runs together must be the
runtime's, ID and full text; and so must those of cleansec given every source at once, so
that the plugin's view of one target at a time concludes what the whole program does.

    python3 Tests/FormFuzz/multitarget.py [--programs 2000] [--batch 100] [--seed 1]
    python3 Tests/FormFuzz/multitarget.py --seed 1 --program 42     # replay one program
    python3 Tests/FormFuzz/multitarget.py --cleansec /tmp/cleansec # a copied binary

Programs are compiled in batches, one SwiftPM package of three targets per batch (in
.build-formfuzz/targets/); the first batch builds swift-syntax for the macros (minutes), later
ones reuse it (`--scratch-path` shares a build folder with other packages, as CI does). Each
program is seeded with `SEED/INDEX`; a failure names the seed and index that replay it. Exits
1 on any disagreement, leaving the batch's sources and outputs in place."""
import collections
import json
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import targets  # noqa: E402
from fuzzing import arguments, cleansec_binary, cleansec_errors, run, run_batches, swift_build  # noqa: E402

# The targets in dependency order, with the targets each depends on.
TARGETS = [("FuzzCore", []), ("FuzzFeature", ["FuzzCore"]), ("FuzzApp", ["FuzzCore", "FuzzFeature"])]


def write_package(folder, programs):
    """The batch's package: one file per program in each target, and the app's main, which
    prints each program's runtime errors as a JSON line."""
    if os.path.exists(os.path.join(folder, "Sources")):
        shutil.rmtree(os.path.join(folder, "Sources"))
    for target, _ in TARGETS:
        os.makedirs(os.path.join(folder, "Sources", target))
    with open(os.path.join(folder, "Package.swift"), "w") as f:
        f.write(f"""// swift-tools-version:6.0
import PackageDescription

let cleanse: [Target.Dependency] = [.product(name: "Cleanse", package: "Cleanse"), .product(name: "CleanseMacros", package: "Cleanse")]
let package = Package(
    name: "MultiTargetFuzzBatch",
    dependencies: [.package(name: "Cleanse", path: {json.dumps(ROOT)})],
    targets: [
        .target(name: "FuzzCore", dependencies: cleanse),
        .target(name: "FuzzFeature", dependencies: ["FuzzCore"] + cleanse),
        .executableTarget(name: "FuzzApp", dependencies: ["FuzzCore", "FuzzFeature"] + cleanse),
    ]
)
""")
    for program in programs:
        for target, text in (("FuzzCore", program.core), ("FuzzFeature", program.feature), ("FuzzApp", program.app)):
            with open(os.path.join(folder, "Sources", target, f"{program.name}.swift"), "w") as f:
                f.write(text)
    with open(os.path.join(folder, "Sources", "FuzzApp", "main.swift"), "w") as f:
        f.write("import Foundation\n\nlet checks: [(String, () -> [String])] = [\n")
        for program in programs:
            f.write(f'    ("{program.name}", {program.name}App.check),\n')
        f.write("]\nfor (name, check) in checks {\n")
        f.write('    let line: [String: Any] = ["program": name, "errors": check()]\n')
        f.write("    print(String(decoding: try JSONSerialization.data(withJSONObject: line), as: UTF8.self))\n}\n")


def check_batch(folder, programs, cleansec, cache, scratch, counts):
    """The programs of one batch that disagree, each with what differs."""
    write_package(folder, programs)
    build = swift_build(scratch)
    if run(build, folder, os.path.join(folder, "build.log")) != 0:
        return [("build", f"the batch did not compile: {os.path.join(folder, 'build.log')}")]
    binaries = subprocess.run(build + ["--show-bin-path"], cwd=folder, capture_output=True, text=True).stdout.strip()
    runtime = {}
    for line in subprocess.run([os.path.join(binaries, "FuzzApp")], cwd=folder, capture_output=True, text=True, check=True).stdout.splitlines():
        entry = json.loads(line)
        runtime[entry["program"]] = set(entry["errors"])

    def files(target):
        return sorted(os.path.join("Sources", target, name) for name in os.listdir(os.path.join(folder, "Sources", target)))

    # As the build plugin runs it: one target at a time, its dependencies as context targets.
    by_target = collections.defaultdict(set)
    for target, dependencies in TARGETS:
        arguments = ["--module-name", target, "--model-cache", cache, "--define", "DEBUG"]
        for dependency in dependencies:
            arguments += [argument for path in files(dependency) for argument in ("--context-target", f"{dependency}={path}")]
        for program, errors in cleansec_errors(cleansec, arguments + files(target), folder).items():
            by_target[program] |= set(errors)
    # Every source at once (each file's module is its folder's): the whole program.
    whole = {program: set(errors) for program, errors in cleansec_errors(
        cleansec, ["--define", "DEBUG"] + [path for target, _ in TARGETS for path in files(target)], folder).items()}
    failures = []
    for program in programs:
        expected = runtime.get(program.name, set())
        counts["errors"] += len(expected)
        theirs = by_target.get(program.name, set())
        everything = whole.get(program.name, set())
        problems = [f"runtime only: {e}" for e in sorted(expected - theirs)] + [f"plugin only: {e}" for e in sorted(theirs - expected)]
        problems += [f"whole program lacks: {e}" for e in sorted(expected - everything)]
        problems += [f"whole program only: {e}" for e in sorted(everything - expected)]
        if problems:
            failures.append((program.name, f"planted: {', '.join(program.planted) or 'nothing'}\n    " + "\n    ".join(problems)))
    return failures


def main():
    args = arguments(__doc__, programs=2000, batch=100, work=os.path.join(ROOT, ".build-formfuzz", "targets")).parse_args()
    print(f"multi-target fuzz: seed {args.seed}", flush=True)
    cleansec = cleansec_binary(args.cleansec)
    if cleansec is None:
        return 2
    cache = os.path.join(args.work, "models")
    os.makedirs(cache, exist_ok=True)
    planted = collections.Counter()
    counts = {"errors": 0}

    def make_programs(indices):
        programs = [targets.program(f"P{index}", random.Random(f"{args.seed}/{index}")) for index in indices]
        for program in programs:
            planted.update(program.planted or ["nothing"])
        return programs

    checked, failures = run_batches(
        args, make_programs,
        lambda programs: check_batch(os.path.join(args.work, "batch"), programs, cleansec, cache, args.scratch_path, counts),
        lambda: f"{counts['errors']} runtime errors compared")
    print("mistakes planted: " + ", ".join(f"{mistake} {count}" for mistake, count in sorted(planted.items())))
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
