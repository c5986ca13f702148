#!/usr/bin/env python3
"""The typing campaign: cleansec's typing interface against the compiler, on expressions taken
from Swift packages this project did not write (the TodoServer's checkouts: SwiftNIO,
Hummingbird, swift-log, swift-collections, swift-argument-parser...).

    python3 Tests/TypingCampaign/campaign.py                       # every package
    python3 Tests/TypingCampaign/campaign.py --sample 300 --seed 1 # CI: 300 per package
    python3 Tests/TypingCampaign/campaign.py --cleansec /tmp/cleansec --keep /tmp/typing

Needs the TodoServer built (`swift build --package-path Examples/TodoServer`): its checkouts
are the harvest, its compiled modules what the expressions import.

Harvest: the right-hand sides of `let`/`var` declarations and `return`s written on one line in
each package's `Sources/<Target>`, and the arguments and elements inside them, each kept once
per module. Each is asked as an untyped `bind().to { … }` asks it, with no contextual type:
`let __eN = <expression>` at the top level of a file importing the target's
module and its files' imports. The compiler keeps those it type-checks there (most name a
local or internal declaration: dropped, not counted); `swiftc -dump-ast` gives each kept
one's type; `cleansec --type-top-level-values` gives the typing interface's answer. Every
typed answer must be the compiler's type (named as the runtime names it, without modules);
an unread answer is counted by reason. Prints harvested, typed, agreeing, unread by reason;
exits 1 on any disagreement (listed in disagreements.txt in the work folder) or with fewer
than --minimum harvested."""
import argparse
import collections
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BATCH = 800
# The standard library's and the toolchain's modules, which the runtime leaves out of names
# too (cleansec names types without modules).
IMPORTABLE = {"Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Synchronization"}
TOOLCHAIN_MODULES = ["Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
                     "FoundationInternationalization", "Dispatch", "Glibc", "Musl", "Synchronization", "SwiftShims",
                     "CoreFoundation", "_FoundationCShims", "Observation", "Distributed", "__C"]


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cleansec", default=os.path.join(ROOT, ".build/debug/cleansec"))
    parser.add_argument("--build", action="append",
                        help="a build folder whose checkouts/ and debug/Modules are read; repeat for each "
                             "(default: the TodoServer's and this package's)")
    parser.add_argument("--sample", type=int, help="at most this many expressions per package, chosen by --seed")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--minimum", type=int, default=0, help="fail with fewer harvested expressions")
    parser.add_argument("--minimum-typed", type=float, default=50.0,
                        help="fail when cleansec types a smaller share (percent) of them: a typer that answers nothing passes no campaign")
    parser.add_argument("--keep", help="a folder for the batches and outputs (default: a temporary one, removed)")
    parser.add_argument("--jobs", type=int, default=2)
    return parser.parse_args()


# Harvest

DECLARATION = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|package|static|final|nonisolated|lazy|override)\s+)*(?:let|var)\s+\w+\s*(?::[^=]+)?=\s*(.+)$")
RETURN = re.compile(r"^\s*return\s+(.+)$")
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?(\w+)")
LABEL = re.compile(r"^\s*\w+\s*:\s*(?!:)")


def code_characters(text, start=0):
    """The (index, character) of each character of `text` from `start` outside string
    literals (their quotes included), and whether `text` ends inside one."""
    found, quoted, index = [], False, start
    while index < len(text):
        character = text[index]
        if quoted and character == "\\":
            index += 2
            continue
        if character == '"':
            quoted = not quoted
            found.append((index, character))
        elif not quoted:
            found.append((index, character))
        index += 1
    return found, quoted


def without_comment(line):
    """The line up to a `//` outside a string literal, or None where it cannot be told."""
    characters, quoted = code_characters(line)
    for index, character in characters:
        if character == '"' and line.startswith('"""', index) or line.startswith("/*", index):
            return None
        if line.startswith("//", index):
            return line[:index]
    return None if quoted else line

def balanced(text):
    depth = []
    pairs = {")": "(", "]": "[", "}": "{"}
    characters, quoted = code_characters(text)
    for _, character in characters:
        if character in "([{":
            depth.append(character)
        elif character in ")]}" and (not depth or depth.pop() != pairs[character]):
            return False
    return not depth and not quoted

def parts(expression):
    """The arguments of the calls and the elements of the literals inside `expression`
    (labels dropped), each a candidate of its own."""
    found = []
    stack = []
    for index, character in code_characters(expression)[0]:
        if character in "([":
            stack.append([character, index + 1, []])
        elif character == "," and stack:
            stack[-1][2].append((stack[-1][1], index))
            stack[-1][1] = index + 1
        elif character in ")]" and stack:
            opener, start, pieces = stack.pop()
            pieces.append((start, index))
            for begin, end in pieces:
                piece = expression[begin:end].strip()
                if opener == "[" and ":" in piece:
                    # A dictionary literal's key and value.
                    key, _, value = piece.partition(":")
                    found += [key.strip(), value.strip()]
                    continue
                found.append(LABEL.sub("", piece, count=1).strip())
    return [piece for piece in found if piece]


IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def closing(text, start):
    """The index after the bracket group opening at `start` (quotes respected), or -1."""
    pairs = {"(": ")", "[": "]", "<": ">"}
    stack = []
    for index, character in code_characters(text, start)[0]:
        if character in pairs and (character != "<" or not stack or stack[-1] == ">"):
            stack.append(pairs[character])
        elif stack and character == stack[-1]:
            stack.pop()
            if not stack:
                return index + 1
        elif character in ")]" or (stack and stack[-1] == ">" and character in "{}=;"):
            return -1
    return -1

def chains(line):
    """The postfix chains a line writes from a type's name (`ByteBuffer(string: "a")`,
    `HTTPMethod.GET`, `Config.load().region`): the chain and each prefix of it that ends
    before a `.`."""
    found = []
    for match in re.finditer(r"(?<![\w.\\])[A-Z][A-Za-z0-9_]*", line):
        index = match.end()
        if index < len(line) and line[index] == "<":
            end = closing(line, index)
            if end < 0 or not re.fullmatch(r"<[\w.,\s\[\]:?<>]*>", line[index:end]):
                continue
            index = end
        pieces = []
        while index < len(line):
            if line[index] == "(":
                end = closing(line, index)
                if end < 0:
                    break
                index = end
            elif line[index] == "." and index + 1 < len(line):
                pieces.append(index)
                member = IDENTIFIER.match(line, index + 1)
                if not member:
                    break
                index = member.end()
            elif line[index] == "!":
                index += 1
            else:
                break
        for end in pieces + [index]:
            text = line[match.start():end]
            # A bare type name is no expression.
            if "(" in text or "." in text:
                found.append(text)
    return found


TYPE_DECLARATION = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|final|open|indirect|nonisolated)\s+)*(struct|class|enum|actor|extension)\s+([A-Z][\w.]*)")
STATIC_PROPERTY = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|internal|package|nonisolated|final|override)\s+)*(?:static|class)\s+(?:(?:let|var)\s+(\w+)|func\s+(\w+)\s*\(\s*\))")
CASES = re.compile(r"^\s*(?:(?:public|indirect)\s+)*case\s+([\w\s,]+?)\s*(?://.*)?$")


def declared_members(lines):
    """`T.member` for the static properties, static functions without parameters and
    payload-free enum cases the lines declare, and `T()` where a type declares `init()`:
    the static members and initializer calls apps bind, taken from declarations."""
    found = []
    stack = []  # (path, brace depth inside its body)
    depth = 0
    for raw in lines:
        line = without_comment(raw)
        if line is None:
            continue
        declared = TYPE_DECLARATION.match(line)
        owner = stack[-1][0] if stack else None
        if owner and stack[-1][1] == depth:
            member = STATIC_PROPERTY.match(line)
            if member and member.group(1):
                found.append(f"{owner}.{member.group(1)}")
            elif member and member.group(2):
                found.append(f"{owner}.{member.group(2)}()")
            cases = CASES.match(line)
            if cases:
                found += [f"{owner}.{name.strip()}" for name in cases.group(1).split(",") if name.strip()]
            if re.match(r"^\s*(?:(?:public|internal|package|nonisolated|convenience|required|override)\s+)*init\(\s*\)", line):
                found.append(f"{owner}()")
        characters = [character for _, character in code_characters(line)[0]]
        opened, closed = characters.count("{"), characters.count("}")
        if declared and "{" in line:
            name = declared.group(2)
            path = name if declared.group(1) == "extension" or not stack else f"{stack[-1][0]}.{name}"
            stack.append((path, depth + 1))
        depth += opened - closed
        while stack and depth < stack[-1][1]:
            stack.pop()
    return found


def acceptable(expression):
    return (0 < len(expression) <= 160 and balanced(expression) and "#" not in expression
            and not re.search(r"\b(self|super|Self|inout)\b|\$\d|&", expression)
            and not expression.endswith(("{", ",", "(", "[", "?", ".", "=")))


def compiled_modules(builds):
    return {os.path.basename(path)[:-len(".swiftmodule")] for build in builds for path in glob.glob(os.path.join(build, "debug", "Modules", "*.swiftmodule"))}


def logical_lines(lines):
    """The lines, and each statement written over several lines (a call whose arguments
    follow one a line) joined into one, up to eight lines."""
    cleaned = [without_comment(line) for line in lines]
    joined = [line for line in cleaned if line is not None]
    for start, line in enumerate(cleaned):
        if line is None or line.count("(") + line.count("[") <= line.count(")") + line.count("]"):
            continue
        text = line.strip()
        for following in cleaned[start + 1:start + 8]:
            if following is None:
                break
            text += (" " if text.endswith(",") else "") + following.strip()
            if balanced(text):
                joined.append(text)
                break
    return joined


def expressions_of(lines):
    """The candidate expressions of a file's lines, in order."""
    found = declared_members(lines)
    for line in logical_lines(lines):
        match = DECLARATION.match(line) or RETURN.match(line)
        whole = match.group(1).strip().rstrip(";").strip() if match else None
        found += ([whole] + (parts(whole) if balanced(whole) else [])) if whole else []
        found += chains(line)
    return [expression for expression in found if acceptable(expression)]


def harvest(builds):
    """{package: {module: (target folder, imports, [expressions])}} of every checkout whose
    targets are compiled (a package checked out in two builds is read once). A test file's
    expressions count as its package's module it imports (`@testable` first): they are
    written against that module, as an app's are."""
    compiled = compiled_modules(builds)
    packages = {}
    checkouts = [path for build in builds for path in sorted(glob.glob(os.path.join(build, "checkouts", "*")))]
    for checkout in checkouts:
        if os.path.basename(checkout) in packages:
            continue
        targets = {os.path.basename(target).replace("-", "_"): target for target in sorted(glob.glob(os.path.join(checkout, "Sources", "*")))}
        targets = {module: target for module, target in targets.items() if module in compiled}
        files = {module: sorted(glob.glob(os.path.join(target, "**", "*.swift"), recursive=True)) for module, target in targets.items()}
        for path in sorted(glob.glob(os.path.join(checkout, "Tests", "**", "*.swift"), recursive=True)):
            with open(path, encoding="utf-8", errors="replace") as f:
                head = f.read(4000).split("\n")
            imported = [(line.lstrip().startswith("@testable"), match.group(1)) for line in head for match in [IMPORT.match(line)] if match]
            owners = [name for testable, name in sorted(imported, key=lambda pair: not pair[0]) if name in targets]
            if owners:
                files[owners[0]].append(path)
        modules = {}
        for module, paths in files.items():
            imports, expressions, seen = set(), [], set()
            for path in paths:
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.read().split("\n")
                for line in lines:
                    imported = IMPORT.match(line)
                    if imported and (imported.group(1) in compiled or imported.group(1) in IMPORTABLE):
                        imports.add(imported.group(1))
                for expression in expressions_of(lines):
                    if expression not in seen:
                        seen.add(expression)
                        expressions.append(expression)
            if expressions:
                imports.discard(module)
                modules[module] = (targets[module], [f"@testable import {module}"] + sorted(f"import {name}" for name in imports), expressions)
        if modules:
            packages[os.path.basename(checkout)] = modules
    return packages


# The compiler's answers

def search_paths(builds):
    """-I for the compiled modules, the C targets' generated module maps and their own."""
    folders = []
    for build in builds:
        folders += [os.path.join(build, "debug", "Modules")]
        folders += sorted(os.path.dirname(path) for path in glob.glob(os.path.join(build, "debug", "*.build", "module.modulemap")))
        folders += sorted({os.path.dirname(path) for path in glob.glob(os.path.join(build, "checkouts", "*", "Sources", "**", "module.modulemap"), recursive=True)})
    # Two builds check out the same C targets: each module map once (clang refuses a module
    # defined twice).
    kept, defined = [], set()
    for folder in folders:
        map_file = os.path.join(folder, "module.modulemap")
        names = set(re.findall(r"^\s*(?:explicit\s+)?module\s+(\w+)", open(map_file).read(), re.M)) if os.path.exists(map_file) else set()
        if names & defined:
            continue
        defined |= names
        kept.append(folder)
    return [argument for folder in kept for argument in ("-I", folder)]


ERROR = re.compile(r"^(.*?\.swift):(\d+):\d+: error:")


def write_batch(path, imports, expressions):
    with open(path, "w") as f:
        f.write("".join(f"{line}\n" for line in imports))
        for index, expression in enumerate(expressions):
            f.write(f"let __e{index} = {expression}\n")
    return len(imports) + 1  # the line of __e0


def compiler_types(path, imports, expressions, includes):
    """{index: mangled type} of the expressions swiftc type-checks at the top level of a file;
    the others are dropped, a compiler run at a time."""
    kept = list(range(len(expressions)))
    for _ in range(12):
        first = write_batch(path, imports, [expressions[index] for index in kept])
        dump = path + ".json"
        run = subprocess.run(["swiftc", "-dump-ast", "-dump-ast-format", "json", "-swift-version", "5", "-parse-as-library",
                              "-module-name", "TypingCampaign", *includes, path, "-o", dump],
                             capture_output=True, text=True)
        if run.returncode == 0:
            with open(dump) as f:
                tree = json.load(f)
            types = {}
            for node in walk(tree):
                if node.get("_kind") == "var_decl":
                    name = node.get("name", {}).get("base_name", {}).get("name", "")
                    if name.startswith("__e") and "interface_type" in node:
                        types[kept[int(name[3:])]] = node["interface_type"]
            return types
        failing = {int(match.group(2)) - first for match in map(ERROR.match, run.stderr.split("\n")) if match and match.group(1).endswith(os.path.basename(path))}
        failing = {line for line in failing if 0 <= line < len(kept)}
        if not failing:
            # An error the lines do not place (a module that cannot be imported): drop the batch.
            sys.stderr.write(f"typing campaign: {path}: {run.stderr[-2000:]}\n")
            return {}
        kept = [index for position, index in enumerate(kept) if position not in failing]
    return {}


def walk(tree):
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            yield node
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def demangled(mangled, modules):
    """Runtime names without modules, by mangled name; None where no runtime key can be named
    (a type local to a declaration, an opaque result)."""
    names = sorted(set(mangled))
    result = {}
    strip = re.compile(r"(?<![\w.])(?:" + "|".join(sorted(map(re.escape, modules), key=len, reverse=True)) + r")\.")
    for start in range(0, len(names), 500):
        chunk = names[start:start + 500]
        output = subprocess.run(["swift", "demangle", "--compact", "--no-sugar"] + chunk, capture_output=True, text=True, check=True).stdout.split("\n")
        for name, text in zip(chunk, output):
            if "unknown context" in text or "opaque" in text or "<<" in text:
                result[name] = None
                continue
            # A type nested in an extension of another module's type is named by its parent
            # at run time, as cleansec names it.
            text = re.sub(r"\(extension in [\w.]+\):", "", re.sub(r"\bany ", "", text))
            result[name] = strip.sub("", text)
    return result


# cleansec's answers

def cleansec_types(cleansec, path, target, includes, cache):
    # The target's own sources are read as the expressions' context: an expression written in
    # a target sees its internal declarations (the compiler: `@testable import`).
    run = subprocess.run([cleansec, "--type-top-level-values", path, "--context", target, *includes, "--model-cache", cache], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"typing campaign: cleansec failed on {path}:\n{run.stderr[-3000:]}")
    answers = {}
    for line in run.stdout.split("\n"):
        if line.startswith("__e"):
            name, type_, reason = line.split("\t", 2)
            answers[int(name[3:])] = (None if type_ == "unread" else type_, reason)
    return answers


def general(reason):
    """An unread reason without the names it quotes, to count reasons."""
    return re.sub(r"'[^']*'", "'…'", reason)


def main():
    arguments = parse_arguments()
    builds = [os.path.abspath(build) for build in arguments.build or [os.path.join(ROOT, "Examples/TodoServer/.build"), os.path.join(ROOT, ".build")]]
    for build in builds:
        if not os.path.isdir(os.path.join(build, "debug", "Modules")):
            raise SystemExit(f"typing campaign: build it first: {build}/debug/Modules is missing (swift build --package-path Examples/TodoServer; swift build)")
    work = arguments.keep or tempfile.mkdtemp(prefix="typing-campaign-")
    os.makedirs(work, exist_ok=True)
    cache = os.path.join(work, "model-cache")
    includes = search_paths(builds)
    packages = harvest(builds)
    batches = []
    for package, modules in packages.items():
        candidates = [(module, expression) for module, (_, _, expressions) in modules.items() for expression in expressions]
        if arguments.sample is not None and len(candidates) > arguments.sample:
            candidates = random.Random(f"{arguments.seed}/{package}").sample(candidates, arguments.sample)
        by_module = collections.defaultdict(list)
        for module, expression in candidates:
            by_module[module].append(expression)
        for module, expressions in sorted(by_module.items()):
            for start in range(0, len(expressions), BATCH):
                target, imports, _ = modules[module]
                batches.append((package, module, imports, expressions[start:start + BATCH], target))
    print(f"typing campaign: {sum(len(b[3]) for b in batches)} candidates from {len(packages)} packages, {len(batches)} batches", flush=True)

    def compile_batch(number):
        package, module, imports, expressions, _ = batches[number]
        path = os.path.join(work, f"{number:04}_{module}.swift")
        types = compiler_types(path, imports, expressions, includes)
        kept = [expressions[index] for index in sorted(types)]
        mangled = [types[index] for index in sorted(types)]
        write_batch(path, imports, kept)
        return number, path, kept, mangled

    with ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        compiled = list(pool.map(compile_batch, range(len(batches))))
    modules = set(TOOLCHAIN_MODULES) | compiled_modules(builds)
    names = demangled([m for _, _, _, mangled in compiled for m in mangled], modules)

    # A first cleansec run fills the model cache alone (two runs would describe the same module).
    def answer_batch(entry):
        number, path, kept, mangled = entry
        return entry, cleansec_types(arguments.cleansec, path, batches[number][4], includes, cache) if kept else {}
    non_empty = [entry for entry in compiled if entry[2]]
    answered = [answer_batch(non_empty[0])] if non_empty else []
    with ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        answered += list(pool.map(answer_batch, non_empty[1:]))

    per_package = collections.Counter()
    typed_per_package = collections.Counter()
    rules = collections.Counter()
    unread = collections.Counter()
    disagreements = []
    harvested = typed = agreeing = incomparable = 0
    for (number, path, kept, mangled), answers in answered:
        package = batches[number][0]
        for index, expression in enumerate(kept):
            expected = names.get(mangled[index])
            if expected is None:
                incomparable += 1
                continue
            harvested += 1
            per_package[package] += 1
            if index not in answers:
                disagreements.append(f"{os.path.basename(path)}:{index + 1 + len(batches[number][2])}: {expression}\n    compiler: {expected}\n    cleansec: no answer")
                continue
            type_, reason = answers[index]
            if type_ is None:
                unread[general(reason)] += 1
                continue
            typed += 1
            typed_per_package[package] += 1
            rules[reason] += 1
            if type_ == expected:
                agreeing += 1
            else:
                disagreements.append(f"{os.path.basename(path)}:{index + 1 + len(batches[number][2])}: {expression}\n    compiler: {expected}\n    cleansec: {type_} ({reason})")

    print(f"typing campaign: {harvested} expressions harvested from {len(per_package)} packages (typed by the compiler at the top level; {incomparable} more have no runtime name)")
    for package, count in sorted(per_package.items()):
        print(f"  {package}: {count} harvested, {typed_per_package[package]} typed")
    print(f"typing campaign: {typed} typed by cleansec ({100 * typed / max(harvested, 1):.1f}%), {agreeing} agreeing, {len(disagreements)} disagreeing")
    print("typing campaign: typed by rule: " + ", ".join(f"{rule} {count}" for rule, count in rules.most_common()))
    print(f"typing campaign: {harvested - typed} unread, by reason:")
    for reason, count in unread.most_common(15):
        print(f"  {count:6}  {reason}")
    if disagreements:
        with open(os.path.join(work, "disagreements.txt"), "w") as f:
            f.write("\n".join(disagreements) + "\n")
        print("typing campaign: disagreements (all in " + os.path.join(work, "disagreements.txt") + "):")
        print("\n".join(disagreements[:20]))
    share = 100 * typed / max(harvested, 1)
    failed = bool(disagreements) or harvested < arguments.minimum or share < arguments.minimum_typed
    if share < arguments.minimum_typed:
        print(f"typing campaign: cleansec typed {share:.1f}%, under the minimum {arguments.minimum_typed}%")
    if harvested < arguments.minimum:
        print(f"typing campaign: {harvested} harvested, fewer than the minimum {arguments.minimum}")
    if not arguments.keep and not failed:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
