# syntax=docker/dockerfile:1
#
# One image runs any Inkwell service or the gateway; INKWELL_SERVICE picks which at run time:
#   docker run -e INKWELL_SERVICE=catalog -e DATABASE_URL=... -e KAFKA_BROKERS=... inkwell
# Settings are described in k8s/README.md. Health checks live with the orchestrator (compose, k8s)
# because the port depends on the service.
#
# Stages: manifests (package files only, so the dependency layers stay cached while code changes),
# build (every dependency, type-check and the two frontends), prod-deps (runtime dependencies only)
# and runtime (non-root, works on a read-only root filesystem). The services run from their
# TypeScript sources through tsx, so every file they locate beside their code (SQL migrations,
# protos) stays where the code expects it.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY services/platform/package.json services/platform/
COPY services/account/package.json services/account/
COPY services/catalog/package.json services/catalog/
COPY services/cart/package.json services/cart/
COPY services/order/package.json services/order/
COPY services/reader/package.json services/reader/
COPY services/analytics/package.json services/analytics/
COPY services/support/package.json services/support/
COPY services/gateway/package.json services/gateway/
COPY web/package.json web/
COPY dashboard/package.json dashboard/
COPY ui-kit/package.json ui-kit/
COPY contracts/package.json contracts/
COPY demo/package.json demo/

FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run typecheck && npm run build:web && npm run build:dashboard
# Everything the server reads at run time, kept at its repository path: the service sources with
# their migrations, the shared contracts, the demo catalogue the launcher composes with DEMO_DATA,
# the launcher scripts, the frontends the gateway serves and the protos.
RUN mkdir /out && cp -r --parents tsconfig.base.json tsconfig.json services contracts demo scripts proto web/dist dashboard/dist /out/ \
 && find /out/services /out/demo -type d -name test -prune -exec rm -rf {} +

FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    LOG_LEVEL=info \
    WEB_DIST=/app/web/dist \
    DASHBOARD_DIST=/app/dashboard/dist
WORKDIR /app
# uid/gid 10001: outside the range of system users and of the base image's `node` user (1000), and
# the number the Kubernetes manifests pin in runAsUser. The code stays owned by root, so the process
# cannot modify it; only /app/data (the embedded drivers' folder, a volume in docker-compose) and
# /tmp are writable.
RUN groupadd --system --gid 10001 inkwell \
 && useradd --system --uid 10001 --gid inkwell --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin inkwell \
 && mkdir data \
 && chown inkwell:inkwell data
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /out/ ./
USER 10001:10001
# HTTP (gateway 8080, services 8101-8107), gRPC (9101-9107) and Prometheus metrics (9400-9407).
EXPOSE 8080 8101-8107 9101-9107 9400-9407
CMD ["node", "--import", "tsx", "scripts/serve.ts"]
