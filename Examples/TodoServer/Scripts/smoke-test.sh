#!/usr/bin/env bash
# Runs the README's command and curl lines against a real server process: the server
# starts, answers them, and stops on SIGINT; with its database down it exits with status 3
# and a clear message.
set -euo pipefail
cd "$(dirname "$0")/../../.."
port=${PORT:-8181}
data=$(mktemp -d)
swift build --package-path Examples/TodoServer --product todo-server
swift run --package-path Examples/TodoServer todo-server --port "$port" --database "$data/todo.sqlite" > "$data/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
# `swift run` checks the build first, which takes a while on a busy machine.
for _ in $(seq 1 600); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null && break
  kill -0 $pid 2>/dev/null || { cat "$data/server.log" >&2; echo "smoke-test: the server exited" >&2; exit 1; }
  sleep 0.5
done

curl -sf "http://127.0.0.1:$port/health" | grep -q '"status":"ok"'
token=$(curl -sf -X POST "http://127.0.0.1:$port/users" -d '{"name": "Ada"}' | sed 's/.*"token":"\([^"]*\)".*/\1/')
curl -sf -X POST "http://127.0.0.1:$port/todos" -H "Authorization: Bearer $token" -d '{"title": "Try Cleanse"}' | grep -q '"title":"Try Cleanse"'
curl -sf "http://127.0.0.1:$port/todos?limit=10" -H "Authorization: Bearer $token" | grep -q '"done":false'
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/todos")
[ "$status" = 401 ] || { echo "smoke-test: /todos without a token answered $status" >&2; exit 1; }
grep -q 'database ready' "$data/server.log"
kill -INT $pid
wait $pid || true
echo "smoke-test: the README's curl lines work against a live server"

# A port that is not one is a usage error that says so, never another port.
set +e
Examples/TodoServer/.build/debug/todo-server --port 99999 2> "$data/port.log"
status=$?
set -e
[ "$status" = 64 ] && grep -q -- '--port (HTTP_PORT) must be a port from 0 to 65535' "$data/port.log" \
  || { echo "smoke-test: --port 99999 exited with $status" >&2; cat "$data/port.log" >&2; exit 1; }
echo "smoke-test: --port 99999 is refused with a message"

# A negative port is a value to refuse, not a missing one; a DATABASE_URL's port too.
set +e
Examples/TodoServer/.build/debug/todo-server --port -1 2> "$data/negative.log"
status=$?
DATABASE_URL=postgres://todo:todo@127.0.0.1:120968/todo Examples/TodoServer/.build/debug/todo-server --port "$port" 2> "$data/url.log"
url_status=$?
set -e
[ "$status" = 64 ] && grep -q -- "--port (HTTP_PORT) must be a port from 0 to 65535 (0 picks a free one), not '-1'" "$data/negative.log" \
  || { echo "smoke-test: --port -1 exited with $status" >&2; cat "$data/negative.log" >&2; exit 1; }
[ "$url_status" = 64 ] && grep -q "DATABASE_URL's port must be from 1 to 65535, not '120968'" "$data/url.log" \
  || { echo "smoke-test: a DATABASE_URL port of 120968 exited with $url_status" >&2; cat "$data/url.log" >&2; exit 1; }
echo "smoke-test: --port -1 and a DATABASE_URL port out of range are refused by name"

# The default build has no PostgreSQL (a package trait): a DATABASE_URL is refused by name,
# with the command that builds it, never ignored for SQLite.
set +e
DATABASE_URL=postgres://todo:todo@127.0.0.1:5432/todo Examples/TodoServer/.build/debug/todo-server --port "$port" 2> "$data/trait.log"
status=$?
set -e
[ "$status" = 64 ] && grep -q -- "built without PostgreSQL: build it with \`--traits PostgreSQL\`" "$data/trait.log" \
  || { echo "smoke-test: DATABASE_URL on the default build exited with $status" >&2; cat "$data/trait.log" >&2; exit 1; }
echo "smoke-test: the default build refuses DATABASE_URL by name"

# Spans as JSON lines when asked (--trace-spans): a request that brings a W3C traceparent
# joins its trace, and the build of its request component sits in the same trace.
Examples/TodoServer/.build/debug/todo-server --port "$port" --database "$data/traced.sqlite" --trace-spans "$data/spans.jsonl" > "$data/traced.log" 2>&1 &
traced=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
trace=0af7651916cd43dd8448eb211c80319c
curl -sf -X POST "http://127.0.0.1:$port/users" -H "traceparent: 00-$trace-b7ad6b7169203331-01" -d '{"name": "Ada"}' >/dev/null
# A request's span is written once its answer is: wait for it, then stop the server.
for _ in $(seq 1 50); do grep -q '"name":"/users"' "$data/spans.jsonl" 2>/dev/null && break; sleep 0.1; done
kill -INT $traced; wait $traced || true
grep '"kind":"server"' "$data/spans.jsonl" | grep '"name":"/users"' | grep "\"trace_id\":\"$trace\"" | grep -q '"parent_span_id":"b7ad6b7169203331"' \
  && grep '"name":"build RequestComponent"' "$data/spans.jsonl" | grep -q "\"trace_id\":\"$trace\"" \
  || { echo "smoke-test: --trace-spans wrote no request span in the caller's trace" >&2; cat "$data/spans.jsonl" >&2; exit 1; }
echo "smoke-test: --trace-spans writes each request's spans, in the caller's trace"

# `--trace-spans -` is standard output, where nothing but spans is written: the log stays
# on standard error, so the stream can be piped to a collector as it is.
Examples/TodoServer/.build/debug/todo-server --port "$port" --database "$data/piped.sqlite" --trace-spans - > "$data/piped.jsonl" 2> "$data/piped.log" &
piped=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
curl -sf -X POST "http://127.0.0.1:$port/users" -d '{"name": "Ada"}' >/dev/null
for _ in $(seq 1 50); do grep -q '"name":"/users"' "$data/piped.jsonl" 2>/dev/null && break; sleep 0.1; done
kill -INT $piped; wait $piped || true
grep -q '"name":"/users"' "$data/piped.jsonl" && ! grep -qv '^{".*}$' "$data/piped.jsonl" && grep -q 'database ready' "$data/piped.log" \
  || { echo "smoke-test: --trace-spans - wrote something else than spans to standard output" >&2; cat "$data/piped.jsonl" >&2; exit 1; }
echo "smoke-test: --trace-spans - writes spans alone to standard output, the log to standard error"

# Built with the trait, a PostgreSQL that is down at start is a clear message and exit 3.
swift build --package-path Examples/TodoServer --traits PostgreSQL --product todo-server
set +e
DATABASE_URL=postgres://todo:todo@127.0.0.1:1/todo Examples/TodoServer/.build/debug/todo-server --port "$port" 2> "$data/down.log"
status=$?
set -e
[ "$status" = 3 ] || { echo "smoke-test: with its database down the server exited with $status" >&2; cat "$data/down.log" >&2; exit 1; }
grep -q 'cannot reach PostgreSQL at 127.0.0.1:1' "$data/down.log"
echo "smoke-test: a database that is down at start is a clear message and exit status 3"

# A port another process listens on: a message naming the address, exit status 5.
Examples/TodoServer/.build/debug/todo-server --port "$port" --database "$data/first.sqlite" > "$data/first.log" 2>&1 &
first=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
set +e
Examples/TodoServer/.build/debug/todo-server --port "$port" --database "$data/second.sqlite" 2> "$data/second.log"
status=$?
set -e
kill -INT $first; wait $first || true
[ "$status" = 5 ] && grep -q "cannot listen on 127.0.0.1:$port: the address is already in use" "$data/second.log" \
  || { echo "smoke-test: a second server on port $port exited with $status" >&2; cat "$data/second.log" >&2; exit 1; }
echo "smoke-test: a port in use is named, exit status 5"
