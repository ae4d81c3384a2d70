# Starts a throwaway PostgreSQL cluster for the tests and exports TEST_DATABASE_URL.
PG_PORT="${PG_PORT:-55432}"
PG_DIR="$(mktemp -d /tmp/ci-pg.XXXXXX)"

start_postgres() {
  local bin
  bin="$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")"
  chown postgres "$PG_DIR"
  su postgres -s /bin/sh -c "'$bin/initdb' -D '$PG_DIR/data' -A trust -U postgres >/dev/null"
  su postgres -s /bin/sh -c "'$bin/pg_ctl' -D '$PG_DIR/data' -o \"-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1\" -l '$PG_DIR/log' -w start >/dev/null"
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "PostgreSQL test server at 127.0.0.1:$PG_PORT"
}

stop_postgres() {
  local bin
  bin="$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")"
  su postgres -s /bin/sh -c "'$bin/pg_ctl' -D '$PG_DIR/data' -m fast stop >/dev/null" || true
  rm -rf "$PG_DIR"
}
