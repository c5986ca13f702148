#!/usr/bin/env bash
# Load benchmark (a documented command, not a test): one release server, the same route
# served through a per-request Cleanse component (/bench/di) and by a hand-wired handler
# (/bench/handwired), measured with wrk in alternating rounds; then resident memory before
# and after 1,000,000 requests through per-request components.
#   Examples/TodoServer/Scripts/load-test.sh            (ROUNDS=3 SECONDS_PER_RUN=15 by default)
# Needs wrk and curl (Debian: apt-get install wrk curl).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
seconds=${SECONDS_PER_RUN:-15}
port=${PORT:-8089}
total_requests=${TOTAL_REQUESTS:-1000000}

swift build -c release --product todo-server >/dev/null
data=$(mktemp -d)
.build/release/todo-server --benchmark-routes --port "$port" --database "$data/bench.sqlite" --log-level warning &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null && break
  sleep 0.2
done

run() { # route seconds -> "requests/s p99"
  wrk -t1 -c32 -d"$2"s --latency "http://127.0.0.1:$port/bench/$1" | awk '
    /Requests\/sec/ { rps = $2 }
    /^ *99%/ { p99 = $2 }
    /requests in/ { total = $1 }
    END { print rps, p99, total }'
}

run di 3 >/dev/null; run handwired 3 >/dev/null   # warm-up
declare -a di_rps hand_rps di_p99 hand_p99
for round in $(seq 1 "$rounds"); do
  read -r rps p99 _ < <(run di "$seconds"); di_rps+=("$rps"); di_p99+=("$p99")
  read -r rps p99 _ < <(run handwired "$seconds"); hand_rps+=("$rps"); hand_p99+=("$p99")
  echo "round $round: di ${di_rps[-1]} req/s (p99 ${di_p99[-1]}), handwired ${hand_rps[-1]} req/s (p99 ${hand_p99[-1]})"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
di=$(median "${di_rps[@]}"); hand=$(median "${hand_rps[@]}")
echo
echo "| route | requests/s (median of $rounds) | p99 latency (each round) |"
echo "|---|---:|---|"
echo "| /bench/di (per-request component) | $di | ${di_p99[*]} |"
echo "| /bench/handwired | $hand | ${hand_p99[*]} |"
echo "ratio di / handwired: $(awk -v a="$di" -v b="$hand" 'BEGIN { printf "%.3f", a / b }')"

rss_before=$(ps -o rss= -p "$pid" | tr -d ' ')
done_requests=0
while [ "$done_requests" -lt "$total_requests" ]; do
  read -r _ _ count < <(run di 20)
  done_requests=$((done_requests + count))
done
rss_after=$(ps -o rss= -p "$pid" | tr -d ' ')
echo "resident memory: ${rss_before} kB before, ${rss_after} kB after ${done_requests} requests through per-request components"
