#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on 127.0.0.1 and prints its DATABASE_URL. Used by .ci/run.
set -euo pipefail
port="${PGPORT_CI:-54329}"
# A server left running on this port (an earlier run on the same machine) would stop `pg_ctl
# start` with "could not start server": take the next free port instead.
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
dir="$(mktemp -d /tmp/prooftrack-pg.XXXXXX)"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
chown postgres "$dir" 2>/dev/null || true
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
run "'$bin/initdb' -D '$dir/data' -U postgres -A trust >/dev/null"
run "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -o \"-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off\" -w start >/dev/null"
echo "$dir" > /tmp/prooftrack-pg.dir
echo "postgres://postgres@127.0.0.1:$port/postgres"
