#!/usr/bin/env bash
# Instructions per operation of Cleanse and of the same wiring written by hand, counted by
# callgrind: unlike times, counts repeat exactly on a shared, busy machine. Prints one
# Markdown row per variant with Cleanse's ratio to the hand-wired count.
#
#   Benchmarks/instructions.sh            # G(100) resolution rows, resolve-async, construct phases
#   Benchmarks/instructions.sh --check    # the same, failing when resolve-async is above 2x
#
# Synchronous rows count only the measured loop (set-up excluded); resolve-async counts
# everything its worker threads run, the task's suspensions and resumptions included.
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian: apt-get install valgrind)" >&2; exit 1; }

swift build -c release --product cleanse-bench >"${TMPDIR:-/tmp}/cleanse-bench-build.log" 2>&1 \
  || { cat "${TMPDIR:-/tmp}/cleanse-bench-build.log" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# This valgrind cannot read the debug information of Swift binaries: count a stripped copy.
cp .build/release/cleanse-bench "$work/cleanse-bench"
strip -g "$work/cleanse-bench"
export CLEANSE_BENCH_PRELOADED=1 LD_LIBRARY_PATH="$PWD/.build/release"
# Counts repeat exactly, so few operations suffice: 100 synchronous ones (a resolution of
# G(100) runs about 1.6 million instructions), 1,000 asynchronous resolutions.
count=100
async_count=1000

# Prints the instructions a callgrind profile attributes to the function matching $2
# inclusively, or its total when $2 is empty.
counted() {
  # awk reads to the end: leaving early would end callgrind_annotate with SIGPIPE, which
  # pipefail turns into a failure once its output outgrows the pipe.
  if [ -z "$2" ]; then
    callgrind_annotate "$1" | awk '/PROGRAM TOTALS/ && !found { gsub(",", "", $1); print $1; found = 1 }'
  else
    callgrind_annotate --inclusive=yes "$1" | awk -v f="$2" '$0 ~ f && !found { gsub(",", "", $1); print $1; found = 1 }'
  fi
}

row() { # measure framework instructions-per-op ratio
  printf '| %s | 100 | %s | %s | %s |\n' "$1" "$2" "$3" "$4"
}

echo "| measure | n | framework | instructions/op | ratio |"
echo "| --- | --- | --- | --- | --- |"
for measure in resolve resolve-cold singleton-1t child; do
  for framework in handwired cleanse; do
    out="$work/$measure-$framework.out"
    valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no --toggle-collect='*measuredLoop*' \
      "$work/cleanse-bench" --profile-variant "$measure" "$framework" 100 "$count" >/dev/null 2>&1
    eval "${framework}=$(( $(counted "$out" "") / count ))"
  done
  row "$measure" handwired "$handwired" 1
  row "$measure" cleanse "$cleanse" "$(awk -v c="$cleanse" -v h="$handwired" 'BEGIN { printf "%.2f", c / h }')"
done

for framework in handwired cleanse; do
  flag=--profile-async; [ "$framework" = handwired ] && flag=--profile-async-handwired
  out="$work/async-$framework.out"
  CLEANSE_BENCH_PROFILE_COUNT="$async_count" valgrind --tool=callgrind --callgrind-out-file="$out" "$work/cleanse-bench" "$flag" >/dev/null 2>&1
  eval "${framework}=$(( $(counted "$out" '_dispatch_worker_thread \\[') / async_count ))"
done
ratio="$(awk -v c="$cleanse" -v h="$handwired" 'BEGIN { printf "%.2f", c / h }')"
row resolve-async handwired "$handwired" 1
row resolve-async cleanse "$cleanse" "$ratio"

# Construction of the random R(1000) (ComponentFactory.of: collect the modules' bindings,
# validate, link) against Swinject's registration of the same graph, and its phases. Totals
# are the difference between runs of `constructs` and of no construction; phases are the
# inclusive counts of their functions.
constructs=20
total() { # flag count -> all instructions of the run
  valgrind --tool=callgrind --callgrind-out-file="$work/total.out" "$work/cleanse-bench" "$1" 1000 random "$2" >/dev/null 2>&1
  counted "$work/total.out" ""
}
construct=$(( ($(total --profile-construct "$constructs") - $(total --profile-construct 0)) / constructs ))
register=$(( ($(total --profile-register "$constructs") - $(total --profile-register 0)) / constructs ))
valgrind --tool=callgrind --callgrind-out-file="$work/construct.out" "$work/cleanse-bench" --profile-construct 1000 random "$constructs" >/dev/null 2>&1
collect=$(( $(counted "$work/construct.out" 'BindingCollectorC9component7lineage2at') / constructs ))
checked=$(( $(counted "$work/construct.out" 'validatedFactory|validatedC0_7plugins9reporting') / constructs ))
link=$(( $(counted "$work/construct.out" 'LinkerC4link_6parent') / constructs ))
echo
echo "| construct, R(1000) | instructions/op | ratio to Swinject's registration |"
echo "| --- | --- | --- |"
echo "| swinject register | $register | 1 |"
echo "| cleanse construct | $construct | $(awk -v c="$construct" -v s="$register" 'BEGIN { printf "%.2f", c / s }') |"
echo "| · collect | $collect | $(awk -v c="$collect" -v s="$register" 'BEGIN { printf "%.2f", c / s }') |"
echo "| · validate | $(( checked - link )) | $(awk -v c="$(( checked - link ))" -v s="$register" 'BEGIN { printf "%.2f", c / s }') |"
echo "| · link | $link | $(awk -v c="$link" -v s="$register" 'BEGIN { printf "%.2f", c / s }') |"

if [ "${1:-}" = --check ] && awk -v r="$ratio" 'BEGIN { exit !(r > 2) }'; then
  echo "resolve-async: Cleanse runs $ratio times the instructions of hand-written wiring (target: 2)" >&2
  exit 1
fi
