#!/usr/bin/env bash
# What one request's component costs, in instructions (callgrind: repeatable on a loaded
# machine): `request-scope-profile` builds N request scopes (todo handler and unit of work)
# through `RequestComponent` and by hand, at two N; the difference per request is printed
# for each, and their ratio. A documented command, not a test; needs valgrind.
#   Examples/TodoServer/Scripts/profile-request-scope.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product request-scope-profile >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# This valgrind cannot read Swift's debug info: profile a stripped copy.
cp .build/release/request-scope-profile "$work/profile"
strip -g "$work/profile"
instructions() { # MODE COUNT
  local log
  if ! log=$(valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/profile" "$1" "$2" 2>&1); then
    # A crash here has been a stale release build of a module that inlines Cleanse's code
    # (NOTES, Performance gotchas): remove .build/release/*.build of this package and retry.
    echo "request-scope-profile $1 $2 failed under valgrind:" >&2
    echo "$log" | tail -20 >&2
    exit 1
  fi
  echo "$log" | awk '/Collected/ { print $NF }'
}
declare -A per_request
for mode in di hand; do
  low=$(instructions "$mode" 1000)
  high=$(instructions "$mode" 11000)
  per_request[$mode]=$(( (high - low) / 10000 ))
done
echo "instructions per request scope: DI ${per_request[di]}, hand-wired ${per_request[hand]}," \
  "ratio $(awk -v a="${per_request[di]}" -v b="${per_request[hand]}" 'BEGIN { printf "%.2f", a / b }')"
