#!/usr/bin/env bash
# stripe-mock, Stripe's own mock of its API (a Go program), for the order service's Stripe driver tests:
#
#   scripts/stripe-mock.sh install                 build it from the Go module proxy into the cache (Go needed)
#   scripts/stripe-mock.sh start                   install if missing, then run it in the foreground (Ctrl-C stops it)
#   scripts/stripe-mock.sh start --background      the same, detached; returns once it accepts connections
#   scripts/stripe-mock.sh stop                    stop one started with --background
#
# It listens on 127.0.0.1:STRIPE_MOCK_PORT (12111) over plain HTTP, and over HTTPS on
# 127.0.0.1:STRIPE_MOCK_HTTPS_PORT (the next port), which it always opens (on every interface unless
# told where). Point the tests at it with TEST_STRIPE_MOCK_URL=http://127.0.0.1:12111. It is stateless:
# it checks each request against Stripe's OpenAPI document and answers with fixture objects, so it
# proves the requests' shapes, not outcomes.
set -euo pipefail

version="v0.203.0"
port="${STRIPE_MOCK_PORT:-12111}"
https_port="${STRIPE_MOCK_HTTPS_PORT:-$((port + 1))}"
cache="${STRIPE_MOCK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inkwell/stripe-mock}"
bin="$cache/$version/stripe-mock"
run="$cache/run"
action="${1:-start}"

install() {
  [ -x "$bin" ] && return
  # The polyglot machines keep Go under /usr/local/go; a shell without it on PATH still finds it.
  [ -x /usr/local/go/bin/go ] && PATH="$PATH:/usr/local/go/bin"
  command -v go >/dev/null || { echo "stripe-mock: Go is needed to build it (https://go.dev, or Debian's golang-go)" >&2; exit 1; }
  echo "stripe-mock: building github.com/stripe/stripe-mock@$version"
  mkdir -p "$(dirname "$bin")"
  GOBIN="$(dirname "$bin")" GOFLAGS=-mod=mod go install "github.com/stripe/stripe-mock@$version"
}

listening() {
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null
}

start() {
  install
  if listening; then echo "stripe-mock: something already listens on 127.0.0.1:$port" >&2; exit 1; fi
  local addresses=(-http-addr "127.0.0.1:$port" -https-addr "127.0.0.1:$https_port")
  if [ "${1:-}" != "--background" ]; then
    exec "$bin" "${addresses[@]}"
  fi
  mkdir -p "$run"
  nohup "$bin" "${addresses[@]}" >"$run/server.log" 2>&1 &
  echo $! >"$run/pid"
  for _ in $(seq 1 60); do
    if listening; then echo "stripe-mock: ready on 127.0.0.1:$port (pid $(cat "$run/pid"), log $run/server.log)"; return; fi
    if ! kill -0 "$(cat "$run/pid")" 2>/dev/null; then
      echo "stripe-mock: exited during start-up:" >&2
      tail -n 20 "$run/server.log" >&2
      exit 1
    fi
    sleep 1
  done
  echo "stripe-mock: not listening after 60 s" >&2
  exit 1
}

stop() {
  [ -f "$run/pid" ] || { echo "stripe-mock: none started in the background"; return; }
  local pid
  pid="$(cat "$run/pid")"
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 10); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$run/pid"
  echo "stripe-mock: stopped"
}

case "$action" in
  install) install ;;
  start) start "${2:-}" ;;
  stop) stop ;;
  *) echo "usage: scripts/stripe-mock.sh install | start [--background] | stop" >&2; exit 2 ;;
esac
