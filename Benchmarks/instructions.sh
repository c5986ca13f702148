#!/usr/bin/env bash
# Instructions per operation of Cleanse and of the same wiring written by hand, counted by
# callgrind: unlike times, counts repeat exactly on a shared, busy machine. Prints one
# Markdown row per variant with Cleanse's ratio to the hand-wired count.
#
#   Benchmarks/instructions.sh            # G(100) resolution rows, resolve-async, construct phases
#   Benchmarks/instructions.sh --check    # the same, failing when resolve-async is above 2x, or
#                                         # a constructor-injection row above its target
#   Benchmarks/instructions.sh --json     # every row as a JSON line, as cleanse-bench --json
#                                         # prints its rows, plus child on R(1000) and
#                                         # construct at 1,000 and 10,000 types
# Each run ends with the constructor-injection rows (IR1000, C1000, S1000; see the README).
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

json=false check=false
for argument in "$@"; do
  [ "$argument" = --json ] && json=true
  [ "$argument" = --check ] && check=true
done
ratio_of() { awk -v c="$1" -v h="$2" 'BEGIN { printf "%.2f", c / h }'; }

row() { # measure framework instructions-per-op ratio [n] [graph]
  if $json; then
    printf '{"measure":"%s","graph":"%s","n":%s,"framework":"%s","instructions_per_op":%s,"ratio_to_handwired":%s}\n' \
      "$1" "${6:-layered}" "${5:-100}" "$2" "$3" "$4"
  else
    printf '| %s | %s | %s | %s | %s |\n' "$1" "${5:-100}" "$2" "$3" "$4"
  fi
}
say() { $json || echo "$@"; }

# The instructions per operation of one variant (measure framework n [graph]).
variant() {
  local out="$work/$1-$2-$3.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no --toggle-collect='*measuredLoop*' \
    "$work/cleanse-bench" --profile-variant "$1" "$2" "$3" "$count" ${4:-} >/dev/null 2>&1
  echo $(( $(counted "$out" "") / count ))
}

say "| measure | n | framework | instructions/op | ratio |"
say "| --- | --- | --- | --- | --- |"
for measure in resolve resolve-cold singleton-1t child; do
  handwired=$(variant "$measure" handwired 100)
  cleanse=$(variant "$measure" cleanse 100)
  row "$measure" handwired "$handwired" 1
  row "$measure" cleanse "$cleanse" "$(ratio_of "$cleanse" "$handwired")"
done
# A request on R(1000): the app's singleton and 5 request-scoped objects (issue 42's shape).
handwired=$(variant child handwired 1000 random)
cleanse=$(variant child cleanse 1000 random)
row child handwired "$handwired" 1 1000 random
row child cleanse "$cleanse" "$(ratio_of "$cleanse" "$handwired")" 1000 random

# Opening a feature module's screen (issue 41): through the FeatureFactory the app's graph
# injects, through ComponentFactory.of at each opening, and by hand.
opened() { # way count -> instructions per opening
  local out="$work/feature-$1.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no --toggle-collect='*measuredLoop*' \
    "$work/cleanse-bench" --profile-feature-open "$1" "$2" >/dev/null 2>&1
  echo $(( $(counted "$out" "") / $2 ))
}
handwired=$(opened handwired "$count")
row feature-open handwired "$handwired" 1 1 feature
for way in cleanse cleanse-of-per-open; do
  instructions=$(opened "$way" 20)
  row feature-open "$way" "$instructions" "$(ratio_of "$instructions" "$handwired")" 1 feature
done

for framework in handwired cleanse; do
  flag=--profile-async; [ "$framework" = handwired ] && flag=--profile-async-handwired
  out="$work/async-$framework.out"
  CLEANSE_BENCH_PROFILE_COUNT="$async_count" valgrind --tool=callgrind --callgrind-out-file="$out" "$work/cleanse-bench" "$flag" >/dev/null 2>&1
  eval "${framework}=$(( $(counted "$out" '_dispatch_worker_thread \\[') / async_count ))"
done
ratio="$(ratio_of "$cleanse" "$handwired")"
row resolve-async handwired "$handwired" 1 100 async
row resolve-async cleanse "$cleanse" "$ratio" 100 async

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
# G(10,000), the construction-only module: two constructions against none.
total10k() { # flag count -> all instructions of the run
  valgrind --tool=callgrind --callgrind-out-file="$work/total10k.out" "$work/cleanse-bench" "$1" 10000 layered "$2" >/dev/null 2>&1
  counted "$work/total10k.out" ""
}
construct10k=$(( ($(total10k --profile-construct 2) - $(total10k --profile-construct 0)) / 2 ))
register10k=$(( ($(total10k --profile-register 2) - $(total10k --profile-register 0)) / 2 ))
if $json; then
  for row in "random 1000 cleanse $construct $(ratio_of "$construct" "$register")" "random 1000 swinject $register 1" \
             "layered 10000 cleanse $construct10k $(ratio_of "$construct10k" "$register10k")" "layered 10000 swinject $register10k 1"; do
    set -- $row
    printf '{"measure":"construct","graph":"%s","n":%s,"framework":"%s","instructions_per_op":%s,"ratio_to_swinject":%s}\n' "$1" "$2" "$3" "$4" "$5"
  done
else
  echo
  echo "| construct | instructions/op | ratio to Swinject's registration |"
  echo "| --- | --- | --- |"
  echo "| R(1000) swinject register | $register | 1 |"
  echo "| R(1000) cleanse construct | $construct | $(ratio_of "$construct" "$register") |"
  echo "| · collect | $collect | $(ratio_of "$collect" "$register") |"
  echo "| · validate | $(( checked - link )) | $(ratio_of "$(( checked - link ))" "$register") |"
  echo "| · link | $link | $(ratio_of "$link" "$register") |"
  echo "| G(10,000) swinject register | $register10k | 1 |"
  echo "| G(10,000) cleanse construct | $construct10k | $(ratio_of "$construct10k" "$register10k") |"
fi

# Constructor injection (issue 63): each shape at 1,000 types with every class `@Injectable`,
# wired with a binding line per type and by its constructors alone. `of` + `build` first in
# the process (one construction against none) and later (in measuredLoop), and a warm
# graph's root resolution.
swift build -c release --product injectable-bench >"${TMPDIR:-/tmp}/injectable-bench-build.log" 2>&1 \
  || { cat "${TMPDIR:-/tmp}/injectable-bench-build.log" >&2; exit 1; }
cp .build/release/injectable-bench "$work/injectable-bench"
strip -g "$work/injectable-bench"
injectable() { # measure shape way count [collect options] -> instructions of the run
  local out="$work/injectable.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" ${5:-} "$work/injectable-bench" "$1" "$2" "$3" "$4" >/dev/null 2>&1
  counted "$out" ""
}
in_loop="--collect-atstart=no --toggle-collect=*measuredLoop*"
say
say "| constructor injection, 1,000 types | first of + build | later of + build | resolve the root |"
say "| --- | --- | --- | --- |"
for shape in IR1000 C1000 S1000; do
  for way in explicit injectable; do
    first=$(( $(injectable --profile-construct "$shape" "$way" 1) - $(injectable --profile-construct "$shape" "$way" 0) ))
    later=$(( $(injectable --profile-construct "$shape" "$way" 6 "$in_loop") / 5 ))
    resolve=$(( $(injectable --profile-resolve "$shape" "$way" 20 "$in_loop") / 20 ))
    if [ "$way" = explicit ]; then
      explicit_first=$first explicit_later=$later explicit_resolve=$resolve
    else
      # Issue 63: constructors alone cost what binding lines do (--check fails otherwise).
      for limit in "first $first $explicit_first 1.1" "later $later $explicit_later 1.1" "resolve $resolve $explicit_resolve 1.05"; do
        set -- $limit
        if awk -v c="$2" -v e="$3" -v l="$4" 'BEGIN { exit !(c > e * l) }'; then
          injectable_over="${injectable_over:-}$shape $1: $(ratio_of "$2" "$3")x the explicit graph's instructions (target: $4x). "
        fi
      done
    fi
    if $json; then
      for row in "construct-first $first $explicit_first" "construct-later $later $explicit_later" "resolve $resolve $explicit_resolve"; do
        set -- $row
        printf '{"measure":"injectable-%s","graph":"%s","n":1000,"framework":"%s","instructions_per_op":%s,"ratio_to_explicit":%s}\n' \
          "$1" "$shape" "$way" "$2" "$(ratio_of "$2" "$3")"
      done
    else
      echo "| $shape $way | $first ($(ratio_of "$first" "$explicit_first")) | $later ($(ratio_of "$later" "$explicit_later")) | $resolve ($(ratio_of "$resolve" "$explicit_resolve")) |"
    fi
  done
done

if [ "$check" = true ] && awk -v r="$ratio" 'BEGIN { exit !(r > 2) }'; then
  echo "resolve-async: Cleanse runs $ratio times the instructions of hand-written wiring (target: 2)" >&2
  exit 1
fi
if [ "$check" = true ] && [ -n "${injectable_over:-}" ]; then
  echo "constructor injection: $injectable_over" >&2
  exit 1
fi
