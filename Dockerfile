# Boafo as a container image: the PWA and the API in one process, as `npm run serve` runs it.
#   docker build -t boafo .
#   docker run -p 3000:3000 -v boafo-data:/data boafo            (embedded database in /data)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… boafo   (PostgreSQL; run as many as you like)
# compose.yaml runs PostgreSQL and two of these behind Caddy with TLS (README: Running it as a service).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency (Vite, the PWA plugin and the type tooling are devDependencies), then
#    the web app into dist/ and the server bundle into dist-server/ (src/server/build.mjs).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node src/server/build.mjs --force

# 2. Production dependencies only: what the bundle leaves in node_modules (PGlite, sharp, argon2, pg).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Run: no build tools, no sources, not root.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/dist \
    DRAIN_SECONDS=5
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = database reachable, migrations applied, not draining (GET /api/health/ready). The image
# has no curl: Node's own fetch asks.
HEALTHCHECK --interval=10s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: ready turns 503, DRAIN_SECONDS later the process stops accepting, finishes what
# is in flight and exits (give `docker stop` more than DRAIN_SECONDS + SHUTDOWN_TIMEOUT_SECONDS).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist-server/server.mjs"]
