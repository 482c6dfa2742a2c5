#!/usr/bin/env bash
# Cluster manifests through npm:
#   npm run k8s:build -- <overlay>   renders k8s/overlays/<overlay> (dev, prod) with kubectl kustomize
#   npm run k8s:validate             renders every overlay and validates each object against the
#                                    Kubernetes and Prometheus Operator schemas and the code's settings
#                                    (test/infra/k8s.test.ts), and the prod overlay's network policies,
#                                    alerts and dashboard against the code (test/infra/k8s-policies.test.ts);
#                                    with PROMTOOL=<path to promtool> (or promtool on the PATH) the
#                                    alerts also run on test series
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
command -v kubectl >/dev/null || { echo "k8s: kubectl is needed (it carries kustomize)" >&2; exit 1; }
case "${1:-}" in
  build)
    overlay="${2:-}"
    if [ -z "$overlay" ] || [ ! -d "$root/k8s/overlays/$overlay" ]; then
      echo "usage: npm run k8s:build -- <overlay>   (one of: $(ls "$root/k8s/overlays" | tr '\n' ' '))" >&2
      exit 2
    fi
    kubectl kustomize "$root/k8s/overlays/$overlay"
    ;;
  validate)
    cd "$root"
    exec npx vitest run --project infra test/infra/k8s
    ;;
  *) echo "usage: scripts/k8s.sh build <overlay> | validate" >&2; exit 2 ;;
esac
