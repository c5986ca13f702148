#!/usr/bin/env bash
# Load benchmark (a documented command, not a test): the server wired by Cleanse
# (todo-server: a root component, a child component per request) against the same server
# wired by hand (todo-server-handwired), route by route, with wrk in alternating rounds, on
# SQLite and, when DATABASE_URL is set, on PostgreSQL; then the DI server's resident memory
# before and after TOTAL_REQUESTS requests through per-request components.
#   Examples/TodoServer/Scripts/load-test.sh
#   DATABASE_URL=postgres://todo:todo@127.0.0.1:5432/todo Examples/TodoServer/Scripts/load-test.sh
# Settings: ROUNDS (6), SECONDS_PER_RUN (8), CONNECTIONS (32), TOTAL_REQUESTS (1000000),
# DATABASES ("sqlite postgres"; postgres only with DATABASE_URL). A ratio is the median of
# the rounds' ratios (each round runs both servers back to back, in alternating order), so
# that load drift on the machine weighs on both.
# Needs wrk and curl (Debian: apt-get install wrk curl). Fails when a server answers
# anything but 2xx under load.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-6}
seconds=${SECONDS_PER_RUN:-8}
connections=${CONNECTIONS:-32}
total_requests=${TOTAL_REQUESTS:-1000000}
di_port=8091
hand_port=8092

# PostgreSQL needs the package's trait; without DATABASE_URL the default build will do.
traits=()
[ -n "${DATABASE_URL:-}" ] && traits=(--traits PostgreSQL)
swift build -c release "${traits[@]}" --product todo-server >/dev/null
swift build -c release "${traits[@]}" --product todo-server-handwired >/dev/null
work=$(mktemp -d)
pids=()
stop_servers() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done; done
  pids=()
}
trap 'stop_servers; rm -rf "$work"' EXIT

# start EXECUTABLE PORT DATABASE: starts a server, waits until it answers, prints its pid.
start() {
  local database_url="" sqlite="$work/$1.sqlite"
  [ "$3" = postgres ] && database_url=$DATABASE_URL
  DATABASE_URL=$database_url ".build/release/$1" --port "$2" --database "$sqlite" --log-level warning >"$work/$1.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$2/health" >/dev/null && break; sleep 0.2; done
  curl -sf "http://127.0.0.1:$2/health" >/dev/null || { echo "load-test: $1 did not start:" >&2; cat "$work/$1.log" >&2; exit 1; }
  echo "$pid"
}

# prepare PORT: a user with 20 todos; prints "TOKEN TODO_ID".
prepare() {
  local token id
  token=$(curl -sf -X POST "http://127.0.0.1:$1/users" -d '{"name": "load"}' | sed -E 's/.*"token":"([^"]+)".*/\1/')
  for i in $(seq 1 20); do
    id=$(curl -sf -X POST "http://127.0.0.1:$1/todos" -H "Authorization: Bearer $token" -d "{\"title\": \"todo $i\"}" \
      | sed -E 's/.*"id":([0-9]+).*/\1/')
  done
  echo "$token $id"
}

cat > "$work/create.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"title": "written under load"}'
wrk.headers["Content-Type"] = "application/json"
LUA

# measure PORT ROUTE TOKEN TODO_ID SECONDS: prints "requests/s p99-in-ms requests"; fails
# when any response was not 2xx.
measure() {
  local url="http://127.0.0.1:$1" args=(-t1 "-c$connections" "-d$5s" --latency -H "Authorization: Bearer $3")
  case $2 in
    health) args+=("$url/health") ;;
    list) args+=("$url/todos?limit=10") ;;
    get) args+=("$url/todos/$4") ;;
    create) args+=(-s "$work/create.lua" "$url/todos") ;;
  esac
  wrk "${args[@]}" | awk '
    /Non-2xx or 3xx responses/ { bad = $NF }
    /Requests\/sec/ { rps = $2 }
    /^ *99%/ { p99 = $2 + 0; if ($2 ~ /us$/) p99 /= 1000; else if ($2 ~ /[0-9]s$/) p99 *= 1000 }
    /requests in/ { total = $1 }
    END { if (bad > 0) { print "load-test: " bad " responses were not 2xx" > "/dev/stderr"; exit 1 } print rps, p99, total }'
}

median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

routes=(health list get create)
databases=()
for database in ${DATABASES:-sqlite postgres}; do
  if [ "$database" = postgres ] && [ -z "${DATABASE_URL:-}" ]; then echo "(DATABASE_URL is not set: no PostgreSQL)"; continue; fi
  databases+=("$database")
done
table=()
for database in "${databases[@]}"; do
  pids+=("$(start todo-server "$di_port" "$database")")
  pids+=("$(start todo-server-handwired "$hand_port" "$database")")
  read -r di_token di_todo <<<"$(prepare "$di_port")"
  read -r hand_token hand_todo <<<"$(prepare "$hand_port")"
  for route in "${routes[@]}"; do   # warm-up
    measure "$di_port" "$route" "$di_token" "$di_todo" 2 >/dev/null
    measure "$hand_port" "$route" "$hand_token" "$hand_todo" 2 >/dev/null
  done
  run_di() { local r; r=$(measure "$di_port" "$route" "$di_token" "$di_todo" "$seconds"); read -r rps p99 _ <<<"$r"; di_rps+=("$rps"); di_p99+=("$p99"); }
  run_hand() { local r; r=$(measure "$hand_port" "$route" "$hand_token" "$hand_todo" "$seconds"); read -r rps p99 _ <<<"$r"; hand_rps+=("$rps"); hand_p99+=("$p99"); }
  for route in "${routes[@]}"; do
    di_rps=(); hand_rps=(); di_p99=(); hand_p99=()
    for round in $(seq 1 "$rounds"); do
      # Alternate which server goes first, so that drift weighs on both.
      if [ $((round % 2)) -eq 1 ]; then
        run_di; run_hand
      else
        run_hand; run_di
      fi
    done
    di=$(median "${di_rps[@]}"); hand=$(median "${hand_rps[@]}")
    ratios=()
    for i in "${!di_rps[@]}"; do ratios+=("$(awk -v a="${di_rps[$i]}" -v b="${hand_rps[$i]}" 'BEGIN { printf "%.4f", a / b }')"); done
    ratio=$(median "${ratios[@]}")
    echo "$database $route: di ${di_rps[*]} | hand-wired ${hand_rps[*]} req/s -> ratio $ratio"
    table+=("| $database | $route | $di | $hand | $ratio | $(median "${di_p99[@]}") ms / $(median "${hand_p99[@]}") ms |")
  done
  if [ "$database" = "${databases[0]}" ]; then
    soak_token=$di_token; soak_todo=$di_todo
    rss_before=$(ps -o rss= -p "${pids[0]}" | tr -d ' ')
    done_requests=0
    while [ "$done_requests" -lt "$total_requests" ]; do
      result=$(measure "$di_port" get "$soak_token" "$soak_todo" 20)
      read -r _ _ count <<<"$result"
      done_requests=$((done_requests + count))
    done
    rss_after=$(ps -o rss= -p "${pids[0]}" | tr -d ' ')
    soak="resident memory of the DI server: ${rss_before} kB before, ${rss_after} kB after ${done_requests} requests (GET /todos/ID on $database, each through its own request component and transaction)"
  fi
  stop_servers
done

echo
echo "| database | route | DI requests/s | hand-wired requests/s | DI / hand-wired | p99 DI / hand-wired |"
echo "|---|---|---:|---:|---:|---|"
printf '%s\n' "${table[@]}"
echo "medians of $rounds alternating rounds of ${seconds} s (the ratio: median of the rounds' ratios), wrk -t1 -c$connections"
echo "$soak"
