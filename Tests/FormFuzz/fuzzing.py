"""What the two parity fuzzes (campaign.py, multitarget.py) share: the cleansec they run,
cleansec's errors by program, the command line, and the loop over batches that stops at the
first batch that disagrees and says how to replay each failure."""
import argparse
import collections
import json
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def arguments(description, programs, batch, work):
    """The options both fuzzes take, with their own defaults."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--programs", type=int, default=programs)
    parser.add_argument("--batch", type=int, default=batch)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--program", type=int, help="replay this one program of --seed")
    parser.add_argument("--first", type=int, default=0, help="start at this program (resume a long run)")
    parser.add_argument("--work", default=work)
    parser.add_argument("--cleansec", help="this cleansec binary instead of building one (a copy keeps a long run steady while the tree changes)")
    parser.add_argument("--scratch-path", help="the batch package's build folder (shared with other packages: swift-syntax built once)")
    return parser


def swift_build(scratch):
    """`swift build`, in the build folder `scratch` when one is given."""
    return ["swift", "build"] + (["--scratch-path", scratch] if scratch else [])


def cleansec_binary(given):
    """`given` as an absolute path, or the repository's cleansec, built; `None` if the
    build fails (its output printed)."""
    if given:
        return os.path.abspath(given)
    built = subprocess.run(["swift", "build", "--product", "cleansec"], cwd=ROOT, capture_output=True, text=True)
    if built.returncode != 0:
        print(built.stdout[-4000:] + built.stderr[-4000:])
        return None
    folder = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return os.path.join(folder, "cleansec")


def run(command, cwd, log):
    """`command`'s exit status, its output written to `log`."""
    with open(log, "w") as out:
        return subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode


def cleansec_errors(cleansec, arguments, cwd):
    """The errors of one cleansec run by program (the file's name), each 'ID message', in
    the order reported; raises when cleansec fails rather than reports."""
    result = subprocess.run([cleansec, "--format", "json"] + arguments, cwd=cwd, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise RuntimeError(f"cleansec {' '.join(arguments[:4])}… failed ({result.returncode}): {result.stderr[-3000:]}")
    errors = collections.defaultdict(list)
    for diagnostic in json.loads(result.stdout or "[]"):
        if diagnostic["severity"] == "error":
            program = os.path.basename(diagnostic["file"] or "").removesuffix(".swift")
            errors[program].append(f"{diagnostic['id']} {diagnostic['message']}")
    return errors


def run_batches(args, make_programs, check_batch, progress):
    """Checks the programs `args` select in batches: `make_programs(indices)` makes a
    batch's programs, `check_batch(programs)` returns those that disagree as (name,
    problem), `progress()` describes what was compared so far. Stops after the first batch
    with a failure. Returns (programs checked, failures)."""
    indices = [args.program] if args.program is not None else list(range(args.first, args.programs))
    checked, failures = 0, []
    started = time.time()
    for start in range(0, len(indices), args.batch):
        programs = make_programs(indices[start:start + args.batch])
        batch = check_batch(programs)
        checked += len(programs)
        failures += batch
        print(f"  {checked} programs ({progress()}), {len(failures)} disagreeing, {time.time() - started:.0f} s", flush=True)
        if batch:
            for name, problem in batch[:10]:
                index = name[1:] if name.startswith("P") else name
                print(f"  {name} (replay: --seed {args.seed} --program {index}):\n    {problem}")
            break
    return checked, failures
