#!/usr/bin/env python3
"""How much of apps written as public Cleanse 4 apps cleansec reads, run as its build plugin
runs it, with the runtime as the judge.

The apps are this package's targets (see Package.swift): Swift 5 code split into targets,
with stand-ins for compiled SDKs (the targets that do not depend on Cleanse). Each app's
`…Check` executable prints, for each of its root components, the graph the runtime collects
(`GraphExport.json`) and the errors `ComponentFactory.of` throws. cleansec then reads the
app target by target, in dependency order, with CleansecPlugin's arguments: the target's
files, its Cleanse-using dependencies as `--context-target` (partial models, in a model cache
made for the run), `--define DEBUG`. The SDK stand-ins are local targets here only so that
the apps compile on Linux; they are given as compiled modules (`-I`), as the plugin gives a
binary target and cleansec finds the SDK, not as the plugin would read a local target.

Printed: per root, the runtime's bindings, how many cleansec read with the runtime's key,
kind, scope, module, `file:line` and requests, and any it read otherwise; per target,
cleansec's coverage line; then the totals, false errors (cleansec's, not the runtime's) and
missed ones (the runtime's, not cleansec's). Exits 1 if a binding read differs from the
runtime's, a root the runtime builds is not validated, an app reports no root, an error
differs, the runtime's errors are not the mistakes planted (PLANTED), or the share read is
under --minimum (percent).

    python3 Tests/AppCorpus/measure.py [--cleansec PATH] [--scratch-path DIR] [--minimum 98]"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "FormFuzz"))
from fuzzing import cleansec_binary, swift_build  # noqa: E402

# The mistakes planted in the apps, as the runtime reports them (the first line of each
# error and the first place it names), so that the comparison of errors cannot pass with
# none, or with others.
PLANTED = {
    "MenuBar": [
        ("[Cleanse/DuplicateBinding] 'UserDefaults' is bound 2 times in component 'Component'", "MenuBarApp/Application.swift"),
    ],
    "Store": [
        ("[Cleanse/MissingBinding] missing binding for 'CartService' in component 'CartPreviewComponent'", "StoreCatalog/CartComponent.swift"),
        ("[Cleanse/MissingBinding] missing binding for 'CustomerListViewController' in component 'CartPreviewComponent'", "StoreCatalog/CartComponent.swift"),
    ],
}

# Kinds whose place is where the graph is built (the caller of `of`, or of GraphExport),
# not a line of the app: compared without it.
PLACED_AT_THE_CALL = {"seed", "builtIn"}


def package_targets():
    """The package's targets as {name: (kind, [direct target dependencies], uses Cleanse)};
    a target uses Cleanse when it or a target it depends on does, as the plugin decides."""
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=HERE, capture_output=True, text=True, check=True).stdout)
    targets = {}
    for target in dump["targets"]:
        local, cleanse = [], False
        for dependency in target["dependencies"]:
            if "byName" in dependency:
                local.append(dependency["byName"][0])
            elif "product" in dependency:
                cleanse = cleanse or dependency["product"][0] == "Cleanse"
        targets[target["name"]] = (target["type"], local, cleanse)
    for name in list(targets):
        kind, local, cleanse = targets[name]
        targets[name] = (kind, local, cleanse or any(targets[d][2] for d in closure(targets, name)))
    return targets


def closure(targets, name):
    """`name`'s recursive target dependencies, dependencies first."""
    ordered = []

    def visit(target):
        for dependency in targets[target][1]:
            if dependency not in ordered:
                visit(dependency)
                ordered.append(dependency)
    visit(name)
    return ordered


def sources(target):
    folder = os.path.join("Sources", target)
    # Relative to the package, where cleansec runs, whatever folder this script runs from.
    return sorted(os.path.join(folder, name) for name in os.listdir(os.path.join(HERE, folder)) if name.endswith(".swift"))


def graph_lines(graph):
    """A graph as comparable lines, one per binding: component path, key, kind, scope,
    effect, module, place and requests. A `Counter`, so a binding read twice differs."""
    components = {component["id"]: component for component in graph["components"]}

    def path(component):
        names = []
        while component is not None:
            names.append(component["type"])
            component = components.get(component["parent"])
        return "/".join(reversed(names))

    def key(entry):
        return entry["type"] + (f"@{entry['tag']}" if entry["tag"] else "")

    lines = collections.Counter()
    for component in graph["components"]:
        for binding in component["bindings"]:
            location = binding["location"]
            place = "-" if binding["kind"] in PLACED_AT_THE_CALL else f"{location['file']}:{location['line']}"
            requests = ",".join(sorted(f"{key(d['key'])}:{d['kind']}" for d in binding["dependencies"]))
            lines[f"{path(component)} | {key(binding['key'])} | {binding['kind']} | scope {binding['scope']} | "
                  f"{binding['effect']} | module {binding['module']} | {place} | [{requests}]"] += 1
    return lines


def planted_mistake(error):
    """An error as (its first line without the leading ID, the file of the first place it
    names)."""
    place = re.search(r" at ([\w/]+\.swift)", error)
    return (error.split("\n", 1)[0].split(" ", 1)[-1], place.group(1) if place else "-")


def compare(root, entry, graph, totals, failures):
    """Counts the runtime's bindings of `root` that cleansec's `graph` reads alike, and
    records a failure for each binding cleansec reads otherwise."""
    everything = graph_lines(entry["graph"])
    # The built-in object graph binding is the runtime's, not a line of the app.
    theirs = collections.Counter({line: count for line, count in everything.items() if "| builtIn |" not in line})
    ours = graph_lines(graph) if graph is not None else collections.Counter()
    matched = sum(min(count, ours[line]) for line, count in theirs.items())
    extra = ours - everything
    totals["bindings"] += sum(theirs.values())
    totals["read"] += matched
    totals["wrong"] += sum(extra.values())
    print(f"  {root}: {matched} of {sum(theirs.values())} bindings read with the runtime's key"
          + ("" if graph is not None else " (cleansec validated no such root)"))
    for line in sorted(theirs - ours):
        print(f"    runtime only: {line}")
    for line in sorted(extra):
        print(f"    cleansec only: {line}")
        failures.append(f"{root}: read otherwise: {line}")


def json_documents(text):
    """The JSON documents of `--graph json`'s output, one a line."""
    return [json.loads(line) for line in text.splitlines() if line.strip().startswith("{")]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cleansec", help="this cleansec binary instead of building one")
    parser.add_argument("--scratch-path", help="the package's build folder (shared with other packages)")
    parser.add_argument("--minimum", type=float, default=98.0, help="the least share of bindings read, in percent")
    args = parser.parse_args()
    cleansec = cleansec_binary(args.cleansec)
    if cleansec is None:
        return 2
    build = swift_build(args.scratch_path)
    built = subprocess.run(build, cwd=HERE, capture_output=True, text=True)
    if built.returncode != 0:
        print(built.stdout[-4000:] + built.stderr[-4000:])
        return 2
    binaries = subprocess.run(build + ["--show-bin-path"], cwd=HERE, capture_output=True, text=True).stdout.strip()
    modules = os.path.join(binaries, "Modules")
    if not os.path.isdir(modules):
        modules = binaries
    targets = package_targets()
    checks = sorted(name for name, (kind, _, _) in targets.items() if kind == "executable")
    missing_apps = set(PLANTED) - {check.removesuffix("Check") for check in checks}
    if missing_apps:
        print(f"FAIL no app {', '.join(sorted(missing_apps))}, which PLANTED names")
        return 1
    # Made for the run, and removed after: the corpus's models never outlive it.
    cache = tempfile.mkdtemp(prefix="app-corpus-models-")
    # Each app: its check's dependencies that use Cleanse, dependencies first; the report
    # helper is the harness, not the app.
    failures, totals = [], collections.Counter()
    for check in checks:
        app = [t for t in closure(targets, check) if targets[t][2] and t != "CorpusReport"]
        runtime = {}
        output = subprocess.run([os.path.join(binaries, check)], cwd=HERE, capture_output=True, text=True, check=True).stdout
        for line in output.splitlines():
            entry = json.loads(line)
            runtime[entry["graph"]["components"][0]["type"]] = entry
        print(f"{check.removesuffix('Check')}: {', '.join(app)}")

        if not runtime:
            failures.append(f"{check}: the runtime reported no root component")
        analysed, errors = collections.defaultdict(list), set()
        for target in app:
            arguments = ["--module-name", target, "--model-cache", cache, "--define", "DEBUG", "-I", modules]
            for dependency in closure(targets, target):
                if targets[dependency][2]:
                    arguments += [a for path in sources(dependency) for a in ("--context-target", f"{dependency}={path}")]
            arguments += sources(target)
            graphs = subprocess.run([cleansec, "--graph", "json"] + arguments, cwd=HERE, capture_output=True, text=True)
            for graph in json_documents(graphs.stdout):
                analysed[graph["components"][0]["type"]].append(graph)
            report = subprocess.run([cleansec, "--format", "json"] + arguments, cwd=HERE, capture_output=True, text=True)
            if report.returncode not in (0, 1):
                failures.append(f"{target}: cleansec failed ({report.returncode}): {report.stderr[-2000:]}")
                continue
            errors |= {f"{d['id']} {d['message']}" for d in json.loads(report.stdout or "[]") if d["severity"] == "error"}
            coverage = subprocess.run([cleansec, "--coverage"] + arguments, cwd=HERE, capture_output=True, text=True)
            summary = [line for line in coverage.stdout.splitlines() + coverage.stderr.splitlines() if line.startswith("cleansec:") or line.startswith("  ")]
            print(f"  {target}: " + "\n    ".join(line.strip() for line in summary))
            for line in summary:
                counted = re.match(r"cleansec: \d+ root components?, (\d+) bindings? understood, (\d+) opaque", line)
                if counted:
                    totals["understood"] += int(counted.group(1))
                    totals["opaque"] += int(counted.group(2))

        expected_errors = {error for entry in runtime.values() for error in entry["errors"]}
        planted = sorted(planted_mistake(error) for error in expected_errors)
        if planted != sorted(PLANTED.get(check.removesuffix("Check"), [])):
            failures.append(f"{check}: the runtime's errors are {planted}, not the mistakes planted")
        for root, entry in sorted(runtime.items()):
            if root not in analysed:
                failures.append(f"{root}: the runtime builds it; cleansec validated no such root")
            # Each target's graph of the root (a feature's is read in its target and the app's).
            for graph in analysed.get(root) or [None]:
                compare(root, entry, graph, totals, failures)
        for error in sorted(errors - expected_errors):
            print(f"  false error: {error}")
            failures.append(f"false error: {error}")
        for error in sorted(expected_errors - errors):
            print(f"  missed: {error}")
            failures.append(f"missed: {error}")
        totals["errors"] += len(expected_errors)
        totals["false"] += len(errors - expected_errors)
        totals["missed"] += len(expected_errors - errors)

    share = 100.0 * totals["read"] / max(totals["bindings"], 1)
    print(f"app corpus: {len(checks)} apps, {totals['read']} of {totals['bindings']} bindings read with the runtime's key "
          f"({share:.1f}%), {totals['wrong']} read otherwise; {totals['errors']} runtime errors, "
          f"{totals['false']} false, {totals['missed']} missed; cleansec's coverage: {totals['understood']} understood, "
          f"{totals['opaque']} unread")
    if share < args.minimum:
        failures.append(f"{share:.1f}% read, under the {args.minimum}% asked")
    for failure in failures:
        print(f"FAIL {failure}")
    shutil.rmtree(cache, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
