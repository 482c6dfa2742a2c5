#!/usr/bin/env bash
# Servers that development and CI run without Docker: on the JVM from Maven Central's artifacts,
#   kafka  Apache Kafka, single node in KRaft mode (broker and controller in one JVM)
#   s3     Adobe's S3Mock, an S3-protocol server
#   opensearch  a single OpenSearch node (run as the user nobody when started by root: it refuses root)
# and built with Go from the Go module proxy (the version is the one infra/SERVER/go.mod requires),
#   prometheus  Prometheus, scraping the targets listed in PROMETHEUS_TARGETS_FILE
#   jaeger      Jaeger v2, a trace backend: OTLP in, traces kept in memory, its query API out
# Each keeps its data in a temporary folder and listens on 127.0.0.1 only.
#
#   scripts/infra.sh SERVER fetch                 resolve its jars into infra/SERVER/lib (Java 17 and Maven),
#                                                 or build it into infra/SERVER/bin (Go)
#   scripts/infra.sh SERVER start                 fetch, then run it in the foreground (Ctrl-C stops it)
#   scripts/infra.sh SERVER start --background    the same, detached; returns once it accepts connections
#   scripts/infra.sh SERVER restart               stop one started with --background and start it again
#                                                 on the same data (tests of reconnecting clients)
#   scripts/infra.sh SERVER stop                  stop one started with --background, and delete its data
#
# INFRA_RUN_DIR (infra/SERVER/run) keeps the pid, data folder and command line of one started in the
# background, so a test can run a second server of a kind beside the shared one.#
# Ports: KAFKA_PORT (9092) and KAFKA_CONTROLLER_PORT (9093); S3_PORT (9090); OPENSEARCH_PORT (9200)
# and OPENSEARCH_TRANSPORT_PORT (9300); PROMETHEUS_PORT (9091: 9090 is S3's); JAEGER_PORT (16686, the
# query API and UI), JAEGER_OTLP_GRPC_PORT (4317), JAEGER_OTLP_HTTP_PORT (4318) and
# JAEGER_QUERY_GRPC_PORT (16685). Point the services at them with KAFKA_BROKERS, S3_ENDPOINT,
# OPENSEARCH_URL and OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 (README), the tests with
# TEST_KAFKA_BROKERS, TEST_S3_ENDPOINT, TEST_OPENSEARCH_URL, TEST_PROMETHEUS_URL with
# TEST_PROMETHEUS_TARGETS_FILE, TEST_OTLP_ENDPOINT and TEST_JAEGER_URL (docs/testing.md).
#
# Prometheus scrapes every second the targets in PROMETHEUS_TARGETS_FILE (INFRA_RUN_DIR/targets.json
# unless set), a file_sd file that whoever starts processes writes and rewrites, e.g.
#   [{ "targets": ["127.0.0.1:9201"], "labels": { "workload": "account" } }]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
server="${1:-}"
action="${2:-start}"
usage="usage: scripts/infra.sh kafka|s3|opensearch|prometheus|jaeger fetch | start [--background] | restart | stop"
# `port` is the one that says it is up; `ports` are all it opens, each free before it starts and
# listening before a background start returns.
case "$server" in
  kafka) port="${KAFKA_PORT:-9092}"; version_tag=kafka.version; main_jar=kafka_2.13 ;;
  s3) port="${S3_PORT:-9090}"; version_tag=s3mock.version; main_jar=s3mock ;;
  opensearch) port="${OPENSEARCH_PORT:-9200}"; version_tag=opensearch.version; main_jar=opensearch ;;
  prometheus) port="${PROMETHEUS_PORT:-9091}"; go_module=github.com/prometheus/prometheus; go_package=cmd/prometheus ;;
  jaeger)
    port="${JAEGER_PORT:-16686}"; go_module=github.com/jaegertracing/jaeger; go_package=cmd/jaeger
    otlp_grpc_port="${JAEGER_OTLP_GRPC_PORT:-4317}"; otlp_http_port="${JAEGER_OTLP_HTTP_PORT:-4318}"
    query_grpc_port="${JAEGER_QUERY_GRPC_PORT:-16685}"
    ports=("$port" "$otlp_grpc_port" "$otlp_http_port" "$query_grpc_port") ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
[ -n "${ports+set}" ] || ports=("$port")
home="$root/infra/$server"
lib="$home/lib"
run="${INFRA_RUN_DIR:-$home/run}"

if [ -n "${go_module:-}" ]; then
  # The polyglot machines keep Go under /usr/local/go; a shell without it on PATH still finds it.
  [ -x /usr/local/go/bin/go ] && PATH="$PATH:/usr/local/go/bin"
  version="$(awk -v module="$go_module" '$1 == module { print $2 }' "$home/go.mod")"
  bin="$home/bin/$server-$version"
else
  version="$(sed -n "s:.*<$version_tag>\(.*\)</$version_tag>.*:\1:p" "$home/pom.xml")"
fi

fetch() {
  if [ -n "${go_module:-}" ]; then
    [ -x "$bin" ] && { [ "$server" != prometheus ] || [ -x "$home/bin/promtool-$version" ]; } && return
    command -v go >/dev/null || { echo "$server: Go is needed to build it (https://go.dev, or Debian's golang-go)" >&2; exit 1; }
    # Built in infra/SERVER's own module (go.mod and go.sum pin every dependency): `go install
    # module@version` refuses modules whose go.mod has replace directives, as Jaeger's has.
    echo "$server: building $go_module/$go_package $version (minutes the first time; Go's build cache keeps the rest)"
    (cd "$home" && go build -buildvcs=false -o "$bin.partial" "$go_module/$go_package")
    mv "$bin.partial" "$bin"
    if [ "$server" = prometheus ]; then
      # promtool, of the same module and version: the k8s alert rules' tests run on it (PROMTOOL).
      (cd "$home" && go build -buildvcs=false -o "$home/bin/promtool-$version.partial" "$go_module/cmd/promtool")
      mv "$home/bin/promtool-$version.partial" "$home/bin/promtool-$version"
    fi
    return
  fi
  [ -f "$lib/$main_jar-$version.jar" ] && return
  command -v java >/dev/null || { echo "$server: Java 17 or newer is needed (apt-get install openjdk-17-jre-headless)" >&2; exit 1; }
  command -v mvn >/dev/null || { echo "$server: Maven is needed to fetch it (apt-get install maven)" >&2; exit 1; }
  echo "$server: fetching $main_jar $version and its dependencies from Maven Central"
  rm -rf "$lib"
  mvn -q -B -f "$home/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$lib"
}

listens() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Every port of the server accepts connections.
listening() {
  local each
  for each in "${ports[@]}"; do listens "$each" || return 1; done
}

# One of its ports is taken (by it, or by something else).
any_listening() {
  local each
  for each in "${ports[@]}"; do listens "$each" && return 0; done
  return 1
}

# Sets `command` to the server's java command line, after preparing its data folder.
prepare_kafka() {
  local data="$1" config="$1/server.properties" cluster
  local controller_port="${KAFKA_CONTROLLER_PORT:-9093}"
  cat >"$config" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$data/log
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
PROPS
  local java_opts=(-Xms256m -Xmx768m -Dlog4j2.configurationFile="$home/log4j2.properties" -cp "$lib/*")
  cluster="$(java "${java_opts[@]}" kafka.tools.StorageTool random-uuid | tail -n1)"
  java "${java_opts[@]}" kafka.tools.StorageTool format --cluster-id "$cluster" --config "$config" >/dev/null
  command=(java "${java_opts[@]}" kafka.Kafka "$config")
}

prepare_s3() {
  local data="$1"
  # S3Mock always opens an HTTPS connector too (server.port); port 0 gives it any free port.
  command=(java -Xms128m -Xmx512m -cp "$lib/*" com.adobe.testing.s3mock.S3MockApplication
    --server.address=127.0.0.1 --server.port=0
    --com.adobe.testing.s3mock.http-port="$port"
    --com.adobe.testing.s3mock.store.root="$data/store"
    --spring.main.banner-mode=off --logging.level.root=warn)
}

prepare_opensearch() {
  local data="$1" node="$1/node" module
  # A node's home as the distribution lays it out: the server's jars, and each module in a folder
  # of its own with its descriptor (its jars must not be on the server's class path too).
  mkdir -p "$node/lib" "$node/config" "$node/data" "$node/logs" "$node/plugins"
  for module in transport-netty4 analysis-common; do
    mkdir -p "$node/modules/$module"
    sed "s/@VERSION@/$version/g" "$home/modules/$module/plugin-descriptor.properties" >"$node/modules/$module/plugin-descriptor.properties"
  done
  local jar
  for jar in "$lib"/*.jar; do
    case "$(basename "$jar")" in
      netty-*|transport-netty4-client-*) cp "$jar" "$node/modules/transport-netty4/" ;;
      analysis-common-*) cp "$jar" "$node/modules/analysis-common/" ;;
      *) cp "$jar" "$node/lib/" ;;
    esac
  done
  cp "$home/config/log4j2.properties" "$home/config/test-node.policy" "$node/config/"
  touch "$node/config/jvm.options"
  cat >"$node/config/opensearch.yml" <<YML
cluster.name: inkwell-dev
node.name: node-1
network.host: 127.0.0.1
http.port: $port
transport.port: ${OPENSEARCH_TRANSPORT_PORT:-9300}
discovery.type: single-node
path.data: $node/data
path.logs: $node/logs
YML
  local as_user=()
  if [ "$(id -u)" = 0 ]; then
    chown -R nobody:nogroup "$node"
    chmod 755 "$data"
    as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  fi
  command=("${as_user[@]}" java -Xms512m -Xmx512m
    -Dopensearch.path.home="$node" -Dopensearch.path.conf="$node/config"
    -Djava.security.manager=allow -Djava.security.policy="$node/config/test-node.policy"
    -cp "$node/lib/*" org.opensearch.bootstrap.OpenSearch)
}

prepare_prometheus() {
  local data="$1" targets="${PROMETHEUS_TARGETS_FILE:-$run/targets.json}"
  mkdir -p "$(dirname "$targets")"
  [ -f "$targets" ] || echo '[]' >"$targets"
  sed "s:@TARGETS_FILE@:$targets:g" "$home/prometheus.yml" >"$data/prometheus.yml"
  echo "$server: scraping the targets listed in $targets"
  command=("$bin" --config.file="$data/prometheus.yml" --storage.tsdb.path="$data/tsdb"
    --web.listen-address="127.0.0.1:$port" --log.level=warn)
}

prepare_jaeger() {
  local data="$1"
  sed -e "s/@QUERY_PORT@/$port/" -e "s/@QUERY_GRPC_PORT@/$query_grpc_port/" \
    -e "s/@OTLP_GRPC_PORT@/$otlp_grpc_port/" -e "s/@OTLP_HTTP_PORT@/$otlp_http_port/" \
    "$home/config.yaml" >"$data/config.yaml"
  echo "$server: OTLP on 127.0.0.1:$otlp_grpc_port (gRPC) and http://127.0.0.1:$otlp_http_port"
  command=("$bin" --config "$data/config.yaml")
}

start() {
  fetch
  if any_listening; then echo "$server: something already listens on one of 127.0.0.1:{${ports[*]}}" >&2; exit 1; fi
  mkdir -p "$run"
  local data
  data="$(mktemp -d "${TMPDIR:-/tmp}/inkwell-$server.XXXXXX")"
  "prepare_$server" "$data"
  echo "$server: data in $data; listening on 127.0.0.1:$port"
  if [ "${1:-}" != "--background" ]; then
    trap 'rm -rf "$data"' EXIT
    "${command[@]}"
    return
  fi
  echo "$data" >"$run/data"
  printf '%q ' "${command[@]}" >"$run/command"
  launch
}

# Runs the command line saved in $run/command in the background and waits until it listens.
launch() {
  local data
  data="$(cat "$run/data")"
  nohup bash -c "exec $(cat "$run/command")" >>"$data/server.log" 2>&1 &
  echo $! >"$run/pid"
  for _ in $(seq 1 180); do
    if listening; then echo "$server: ready (pid $(cat "$run/pid"), log $data/server.log)"; return; fi
    if ! kill -0 "$(cat "$run/pid")" 2>/dev/null; then
      echo "$server: exited during start-up:" >&2
      tail -n 40 "$data/server.log" >&2
      exit 1
    fi
    sleep 1
  done
  echo "$server: not listening after 180 s" >&2
  tail -n 40 "$data/server.log" >&2
  exit 1
}

# Ends the background process: SIGTERM, then SIGKILL after 30 s.
terminate() {
  local pid
  pid="$(cat "$run/pid")"
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  for _ in $(seq 1 30); do any_listening || break; sleep 1; done
}

restart() {
  [ -f "$run/pid" ] || { echo "$server: none started in the background" >&2; exit 1; }
  terminate
  echo "$server: restarting on $(cat "$run/data")"
  launch
}

stop() {
  [ -f "$run/pid" ] || { echo "$server: none started in the background"; return; }
  terminate
  [ -f "$run/data" ] && rm -rf "$(cat "$run/data")"
  rm -f "$run/pid" "$run/data" "$run/command"
  echo "$server: stopped"
}

case "$action" in
  fetch) fetch ;;
  start) start "${3:-}" ;;
  restart) restart ;;
  stop) stop ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
