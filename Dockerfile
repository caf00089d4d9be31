# syntax=docker/dockerfile:1
# One image for both processes of docker-compose.yml: the gateway (the default command, serving
# the web build) and the mock upstream (`node protocol/bin/pipstream-mock.js …`).
#
#   docker build -t pipstream .
#   docker run --init -p 8080:8080 -e UPSTREAM_URL=https://api.example.com pipstream

ARG NODE_IMAGE=node:24-slim

# ── the manifests, shared by the two stages below ────────────────────────────────────────────
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
# The manifests alone, so the dependency layers are rebuilt only when a manifest changes.
COPY package.json package-lock.json ./
COPY protocol/package.json protocol/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY locales/package.json locales/
COPY bench/package.json bench/
COPY tests/package.json tests/
# The command shims npm links at install time.
COPY protocol/bin protocol/bin
COPY gateway/bin gateway/bin

# ── build: every dependency, then the compiled packages and the web build ────────────────────
FROM manifests AS build
# The locked versions, without scripts: the root `prepare` would compile sources not copied
# yet. `npm install` rather than `npm ci`: the lock lacks @biomejs/biome's non-Linux binaries
# (the registry it was made against does not carry them), and `npm ci` refuses a lock with an
# optional package missing; `npm install` installs every locked version as `npm ci` would, and
# skips those.
RUN npm install --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY protocol protocol
COPY gateway gateway
COPY locales locales
COPY web web
RUN npm run build

# ── production dependencies: what the gateway and the mock import, nothing of the web's ──────
FROM manifests AS production-dependencies
# better-sqlite3 (the mock's database) ships a Node-API binary per platform: nothing compiles.
# Its C sources and the other systems' binaries go (about 23 MB of 27); both Linux ones stay,
# for an image built on either architecture.
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund \
    -w @pipstream/gateway -w @pipstream/protocol -w @pipstream/locales \
  && cd node_modules/better-sqlite3 \
  && rm -rf deps src prebuilds/darwin-* prebuilds/win32-* prebuilds/linuxmusl-*

# ── runtime ──────────────────────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=production-dependencies /app/package.json ./
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /app/protocol/package.json protocol/
COPY --from=build /app/protocol/bin protocol/bin
COPY --from=build /app/protocol/dist protocol/dist
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/gateway/bin gateway/bin
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/locales/*.json locales/
COPY --from=build /app/web/dist web/dist
# The mock's data directory: a named volume mounted here starts with this owner.
RUN mkdir /data && chown node:node /data

# Everything above belongs to root: the process can read its code, not change it.
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: Node is PID 1 and receives SIGTERM itself, then drains (SHUTDOWN_GRACE_MS). It
# needs no init for that; `--init` (compose: `init: true`) adds the reaping of stray children.
CMD ["node", "gateway/bin/pipstream-gateway.js"]
