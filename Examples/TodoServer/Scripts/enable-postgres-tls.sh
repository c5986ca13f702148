#!/usr/bin/env bash
# Turns TLS on in a Debian PostgreSQL cluster (version $1, cluster main) with a self-signed
# certificate made here, so that DATABASE_URL's sslmode can be tested against a real server.
# Idempotent; run as root.
set -euo pipefail
version="$1"
data_dir="/var/lib/postgresql/$version/main"
if [ ! -f "$data_dir/todo-server-test.crt" ]; then
  openssl req -new -x509 -days 365 -nodes -subj "/CN=todo-server-test" \
    -keyout "$data_dir/todo-server-test.key" -out "$data_dir/todo-server-test.crt" >/dev/null 2>&1
  chown postgres:postgres "$data_dir/todo-server-test.key" "$data_dir/todo-server-test.crt"
  chmod 600 "$data_dir/todo-server-test.key"
fi
su postgres -c "psql -qc \"ALTER SYSTEM SET ssl_cert_file = '$data_dir/todo-server-test.crt'\""
su postgres -c "psql -qc \"ALTER SYSTEM SET ssl_key_file = '$data_dir/todo-server-test.key'\""
su postgres -c "psql -qc \"ALTER SYSTEM SET ssl = on\""
su postgres -c "psql -qtAc 'SELECT pg_reload_conf()'" >/dev/null
for _ in $(seq 1 50); do
  [ "$(su postgres -c "psql -qtAc 'SHOW ssl'")" = "on" ] && exit 0
  sleep 0.2
done
echo "enable-postgres-tls.sh: PostgreSQL did not turn TLS on" >&2
exit 1
