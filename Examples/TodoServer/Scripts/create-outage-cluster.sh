#!/usr/bin/env bash
# Makes (once) and starts a PostgreSQL cluster of its own for the outage tests: version $1,
# named `outage`, on port ${2:-5433}, with the tests' user and database (todo/todo). The
# outage tests stop and start the cluster they are given, so it must not be the one
# DATABASE_URL names, which every other test uses meanwhile. Run as root.
#   Examples/TodoServer/Scripts/create-outage-cluster.sh 15
#   TODO_SERVER_OUTAGE_CLUSTER="15 outage" DATABASE_URL=postgres://todo:todo@127.0.0.1:5432/todo \
#     swift test --package-path Examples/TodoServer --traits PostgreSQL
set -euo pipefail
version="$1"
port="${2:-5433}"
if ! pg_lsclusters -h "$version" outage >/dev/null 2>&1; then
  pg_createcluster "$version" outage --port "$port" >/dev/null
fi
pg_ctlcluster "$version" outage start 2>/dev/null || true
port="$(pg_lsclusters -h "$version" outage | awk '{ print $3 }')"
for _ in $(seq 1 50); do su postgres -c "pg_isready -q -p $port" && break; sleep 0.2; done
su postgres -c "psql -p $port -qtAc \"SELECT 1 FROM pg_roles WHERE rolname = 'todo'\"" | grep -q 1 \
  || su postgres -c "psql -p $port -qc \"CREATE USER todo WITH PASSWORD 'todo'\""
su postgres -c "psql -p $port -qtAc \"SELECT 1 FROM pg_database WHERE datname = 'todo'\"" | grep -q 1 \
  || su postgres -c "psql -p $port -qc \"CREATE DATABASE todo OWNER todo\""
