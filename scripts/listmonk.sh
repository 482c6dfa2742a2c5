#!/usr/bin/env bash
# listmonk (https://listmonk.app, open-source newsletter manager in Go, on PostgreSQL) for the
# account service's listmonk newsletter driver (NEWSLETTER_DRIVER=listmonk, docs/newsletters.md):
#
#   scripts/listmonk.sh install                 build it from the Go module proxy into infra/listmonk/bin (Go needed)
#   scripts/listmonk.sh start                   install if missing, then run it in the foreground (Ctrl-C stops it)
#   scripts/listmonk.sh start --background      the same, detached; returns once its API answers
#   scripts/listmonk.sh stop                    stop one started with --background and drop its database
#
# The version is the one infra/listmonk/go.mod requires (v1.1.0: the only one the module proxy
# serves here). It is built without its Vue admin app (that needs yarn): the HTTP API is all the
# driver uses, and its static files (SQL, email templates, i18n) are copied from the module source.
# Each start installs it afresh (`--install --yes`) into a database of its own, LISTMONK_DB_NAME
# (inkwell_listmonk), on the PostgreSQL at LISTMONK_DB_HOST:LISTMONK_DB_PORT (127.0.0.1:5432) as
# LISTMONK_DB_USER / LISTMONK_DB_PASSWORD (postgres / inkwell), and creates the store's three public,
# double opt-in lists. It listens on 127.0.0.1:LISTMONK_PORT (9310), admin user listmonk /
# listmonk. Point the store at it with NEWSLETTER_DRIVER=listmonk LISTMONK_URL=http://127.0.0.1:9310
# LISTMONK_USERNAME=listmonk LISTMONK_PASSWORD=listmonk, the tests with TEST_LISTMONK_URL.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
home="$root/infra/listmonk"
run="${INFRA_RUN_DIR:-$home/run}"
port="${LISTMONK_PORT:-9310}"
db_host="${LISTMONK_DB_HOST:-127.0.0.1}"
db_port="${LISTMONK_DB_PORT:-5432}"
db_user="${LISTMONK_DB_USER:-postgres}"
db_password="${LISTMONK_DB_PASSWORD:-inkwell}"
db_name="${LISTMONK_DB_NAME:-inkwell_listmonk}"
admin_user=listmonk
admin_password=listmonk
action="${1:-start}"

# The polyglot machines keep Go under /usr/local/go; a shell without it on PATH still finds it.
[ -x /usr/local/go/bin/go ] && PATH="$PATH:/usr/local/go/bin"
module=github.com/knadh/listmonk
version="$(awk -v module="$module" '$1 == module { print $2 }' "$home/go.mod")"
bin="$home/bin/listmonk-$version"

install() {
  [ -x "$bin" ] && return
  command -v go >/dev/null || { echo "listmonk: Go is needed to build it (https://go.dev, or Debian's golang-go)" >&2; exit 1; }
  echo "listmonk: building $module/cmd $version"
  mkdir -p "$home/bin"
  (cd "$home" && go build -buildvcs=false -o "$bin.partial" "$module/cmd")
  mv "$bin.partial" "$bin"
}

listening() {
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null
}

psql_admin() {
  PGPASSWORD="$db_password" psql -q -h "$db_host" -p "$db_port" -U "$db_user" -d postgres -v ON_ERROR_STOP=1 "$@"
}

# The app folder listmonk runs in: its config and the static files it reads from the working
# directory when they are not stuffed into the binary (queries.sql, schema.sql, i18n, templates).
prepare() {
  local app="$1" source
  source="$(cd "$home" && go list -m -f '{{.Dir}}' "$module")"
  mkdir -p "$app/frontend/dist/frontend"
  cp "$source/config.toml.sample" "$source/queries.sql" "$source/schema.sql" "$app/"
  cp -r "$source/i18n" "$source/static" "$app/"
  chmod -R u+w "$app"
  cp "$source/static/public/static/favicon.png" "$app/frontend/dist/favicon.png"
  echo '<!doctype html><title>listmonk</title><p>The admin app is not built here; the API is at /api.</p>' >"$app/frontend/dist/frontend/index.html"
  cat >"$app/config.toml" <<TOML
[app]
address = "127.0.0.1:$port"
admin_username = "$admin_user"
admin_password = "$admin_password"

[db]
host = "$db_host"
port = $db_port
user = "$db_user"
password = "$db_password"
database = "$db_name"
ssl_mode = "disable"
max_open = 10
max_idle = 5
max_lifetime = "300s"
TOML
  psql_admin -c "DROP DATABASE IF EXISTS $db_name" -c "CREATE DATABASE $db_name"
  (cd "$app" && "$bin" --config config.toml --install --yes >>"$app/server.log" 2>&1)
}

# The store's lists, as the embedded driver's migration ships them: public and double opt-in.
create_lists() {
  local name
  # The install's sample lists are not the store's.
  curl -fsS -u "$admin_user:$admin_password" -X DELETE "http://127.0.0.1:$port/api/lists/1" >/dev/null
  curl -fsS -u "$admin_user:$admin_password" -X DELETE "http://127.0.0.1:$port/api/lists/2" >/dev/null
  for name in "New releases" "Manga" "Deals and sales"; do
    curl -fsS -u "$admin_user:$admin_password" -H 'content-type: application/json' \
      -d "{\"name\":\"$name\",\"type\":\"public\",\"optin\":\"double\",\"tags\":[\"inkwell\"]}" \
      "http://127.0.0.1:$port/api/lists" >/dev/null
  done
}

start() {
  install
  if listening; then echo "listmonk: something already listens on 127.0.0.1:$port" >&2; exit 1; fi
  mkdir -p "$run"
  local app
  app="$(mktemp -d "${TMPDIR:-/tmp}/inkwell-listmonk.XXXXXX")"
  prepare "$app"
  echo "listmonk: $version in $app (database $db_name); listening on 127.0.0.1:$port"
  echo "$app" >"$run/app"
  # Started from its app folder (it reads its static files from the working directory), detached
  # from this shell's output so a caller reading it is not held open.
  cd "$app"
  nohup "$bin" --config config.toml >>"$app/server.log" 2>&1 </dev/null &
  echo $! >"$run/pid"
  cd "$root"
  for _ in $(seq 1 60); do
    if listening && curl -fsS -u "$admin_user:$admin_password" "http://127.0.0.1:$port/api/lists" >/dev/null 2>&1; then
      create_lists
      echo "listmonk: ready (pid $(cat "$run/pid"), log $app/server.log)"
      if [ "${1:-}" != "--background" ]; then
        trap stop EXIT INT TERM
        wait "$(cat "$run/pid")" 2>/dev/null || tail -f "$app/server.log"
      fi
      return
    fi
    if ! kill -0 "$(cat "$run/pid")" 2>/dev/null; then
      echo "listmonk: exited during start-up:" >&2
      tail -n 20 "$app/server.log" >&2
      exit 1
    fi
    sleep 1
  done
  echo "listmonk: not answering after 60 s" >&2
  tail -n 20 "$app/server.log" >&2
  exit 1
}

stop() {
  [ -f "$run/pid" ] || { echo "listmonk: none started in the background"; return; }
  local pid
  pid="$(cat "$run/pid")"
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 10); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  for _ in $(seq 1 10); do listening || break; sleep 1; done
  [ -f "$run/app" ] && rm -rf "$(cat "$run/app")"
  psql_admin -c "DROP DATABASE IF EXISTS $db_name" >/dev/null 2>&1 || true
  rm -f "$run/pid" "$run/app"
  echo "listmonk: stopped"
}

case "$action" in
  install) install ;;
  start) start "${2:-}" ;;
  stop) stop ;;
  *) echo "usage: scripts/listmonk.sh install | start [--background] | stop" >&2; exit 2 ;;
esac
