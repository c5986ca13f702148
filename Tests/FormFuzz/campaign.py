#!/usr/bin/env python3
"""The form-varying parity fuzz, long run: thousands of random Cleanse programs (forms.py),
each compiled and run (the runtime's graph export and errors are the oracle) and read by
cleansec (`--graph json`, `--format json`); every binding's key, kind, scope, effect, module,
requests and `file:line` must agree, and so must the errors (ID and full text).

    python3 Tests/FormFuzz/campaign.py [--programs 10000] [--batch 500] [--seed 1]
    python3 Tests/FormFuzz/campaign.py --seed 1 --program 4711      # replay one program
    python3 Tests/FormFuzz/campaign.py --seed 1 --first 3000        # resume: programs 3000-9999
    python3 Tests/FormFuzz/campaign.py --cleansec /tmp/cleansec     # a copied binary: edit the tree meanwhile

Programs are compiled in batches (one SwiftPM package per batch, in .build-formfuzz/), as
compiling each alone would take hours; `--scratch-path` shares a build folder with other
packages (swift-syntax, for the macros, built once), as CI does. Each program's generator is seeded with
`SEED/INDEX`, so a failure names the seed and index that replay it. Prints the forms covered;
exits 1 on any disagreement, leaving the batch's sources and outputs in place."""
import json
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import forms  # noqa: E402
from fuzzing import arguments, cleansec_binary, cleansec_errors, run, run_batches, swift_build  # noqa: E402

MODULE = "Programs"


def generate(seed, index):
    return forms.program(f"P{index}", random.Random(f"{seed}/{index}"), campaign=True)


def write_package(folder, programs):
    # The package's build folder is kept from batch to batch: Cleanse is built once.
    sources = os.path.join(folder, "Sources", MODULE)
    if os.path.exists(sources):
        shutil.rmtree(sources)
    os.makedirs(sources)
    with open(os.path.join(folder, "Package.swift"), "w") as f:
        f.write(f"""// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FormFuzzBatch",
    dependencies: [.package(name: "Cleanse", path: {json.dumps(ROOT)})],
    targets: [.executableTarget(name: "{MODULE}", dependencies: [.product(name: "Cleanse", package: "Cleanse")], path: "Sources/{MODULE}")]
)
""")
    for program in programs:
        with open(os.path.join(sources, f"{program.name}.swift"), "w") as f:
            f.write(program.text)
    with open(os.path.join(sources, "main.swift"), "w") as f:
        f.write("import Cleanse\nimport Foundation\n\nlet checks: [(String, () -> (graph: String, errors: [String]))] = [\n")
        for program in programs:
            f.write(f'    ("{program.name}", {program.name}.check),\n')
        f.write("]\nfor (name, check) in checks {\n")
        f.write("    let (graph, errors) = check()\n")
        f.write('    let line: [String: Any] = ["program": name, "graph": graph, "errors": errors]\n')
        f.write("    let data = try JSONSerialization.data(withJSONObject: line)\n")
        f.write("    print(String(decoding: data, as: UTF8.self))\n}\n")
    return sources


def json_documents(text):
    """The JSON documents of `text`, one after another."""
    decoder = json.JSONDecoder()
    index, documents = 0, []
    while True:
        while index < len(text) and text[index].isspace():
            index += 1
        if index >= len(text):
            return documents
        document, index = decoder.raw_decode(text, index)
        documents.append(document)


def graph_lines(graph):
    """A graph export as lines, one per binding, as GraphParityTests compares them."""
    lines = {}
    components = graph["components"]
    names = {component["id"]: component["type"] for component in components}
    paths = {}
    for component in components:
        parent = component["parent"]
        paths[component["id"]] = (paths[parent] + "/" if parent is not None else "") + names[component["id"]]
    for component in components:
        for binding in component["bindings"]:
            key = binding["key"]
            text = f"{paths[component['id']]}: {key['type']}{' tagged ' + key['tag'] if key['tag'] else ''} {binding['kind']}"
            if binding["scope"]:
                text += f" [{binding['scope']}]"
            text += f" {binding['effect']}"
            if binding["module"]:
                text += f" in {binding['module']}"
            location = binding["location"]
            text += f" at {location['file']}:{location['line']}"
            requests = [f"{d['kind']} {d['key']['type']}{' tagged ' + d['key']['tag'] if d['key']['tag'] else ''} as {d['requestedAs']}" for d in binding["dependencies"]]
            if requests:
                text += " <- " + ", ".join(requests)
            lines[text] = lines.get(text, 0) + 1
    return lines


def difference(runtime, analysed):
    missing = [line for line, count in runtime.items() for _ in range(max(0, count - analysed.get(line, 0)))]
    extra = [line for line, count in analysed.items() for _ in range(max(0, count - runtime.get(line, 0)))]
    return missing, extra


def check_batch(folder, programs, cleansec, cache, scratch, counts):
    """The programs of one batch that disagree, each with what differs; `counts` adds up
    the bindings and errors compared."""
    sources = write_package(folder, programs)
    build = swift_build(scratch)
    if run(build, folder, os.path.join(folder, "build.log")) != 0:
        return [("build", f"the batch did not compile: {os.path.join(folder, 'build.log')}")]
    executable = subprocess.run(build + ["--show-bin-path"], cwd=folder, capture_output=True, text=True).stdout.strip()
    runtime = {}
    for line in subprocess.run([os.path.join(executable, MODULE)], cwd=folder, capture_output=True, text=True, check=True).stdout.splitlines():
        entry = json.loads(line)
        runtime[entry["program"]] = (json.loads(entry["graph"]), sorted(entry["errors"]))
    files = [os.path.join(sources, f"{p.name}.swift") for p in programs]
    common = ["--module-name", MODULE, "--model-cache", cache]
    graphs = subprocess.run([cleansec, "--graph", "json"] + common + files, cwd=folder, capture_output=True, text=True)
    if graphs.returncode not in (0, 1):
        return [("cleansec", f"cleansec failed: {graphs.stderr[-2000:]}")]
    try:
        analysed_errors = cleansec_errors(cleansec, common + files, folder)
    except RuntimeError as failure:
        return [("cleansec", str(failure))]
    analysed_graphs = {}
    for graph in json_documents(graphs.stdout):
        analysed_graphs[graph["components"][0]["type"]] = graph
    failures = []
    for program in programs:
        graph, errors = runtime[program.name]
        problems = []
        analysed = analysed_graphs.get(f"{program.name}.App")
        if analysed is None:
            problems.append("cleansec read no graph of App")
        else:
            expected = graph_lines(graph)
            counts["bindings"] += sum(expected.values())
            missing, extra = difference(expected, graph_lines(analysed))
            problems += [f"runtime only: {line}" for line in sorted(missing)] + [f"cleansec only: {line}" for line in sorted(extra)]
        theirs = sorted(analysed_errors.get(program.name, []))
        counts["errors"] += len(errors)
        if theirs != errors:
            problems += [f"runtime error only: {e}" for e in errors if e not in theirs]
            problems += [f"cleansec error only: {e}" for e in theirs if e not in errors]
            if not problems:
                problems.append(f"errors differ in count: runtime {len(errors)}, cleansec {len(theirs)}")
        if problems:
            failures.append((program.name, "\n    ".join(problems)))
    return failures


def main():
    args = arguments(__doc__, programs=10000, batch=500, work=os.path.join(ROOT, ".build-formfuzz")).parse_args()
    print(f"form fuzz: seed {args.seed}", flush=True)
    cleansec = cleansec_binary(args.cleansec)
    if cleansec is None:
        return 2
    cache = os.path.join(args.work, "models")
    os.makedirs(cache, exist_ok=True)
    covered = set()
    counts = {"bindings": 0, "errors": 0}

    def make_programs(indices):
        programs = [generate(args.seed, index) for index in indices]
        for program in programs:
            covered.update(program.forms)
        return programs

    checked, failures = run_batches(
        args, make_programs,
        lambda programs: check_batch(os.path.join(args.work, "batch"), programs, cleansec, cache, args.scratch_path, counts),
        lambda: f"{counts['bindings']} bindings, {counts['errors']} errors compared")
    print(f"forms covered: {len(covered)} of {len(forms.FORMS)}" + (f"; not covered: {sorted(set(forms.FORMS) - covered)}" if covered != set(forms.FORMS) else ""))
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
