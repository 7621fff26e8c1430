# syntax=docker/dockerfile:1
# One image for every role (ADR 0329): ROLE=web, ROLE=worker or ROLE=all (the default), and the migrate command.
#   docker build -t roamly .
#   docker run --rm --env-file roamly.env roamly npm run migrate        # once per release, before the instances
#   docker run -d --env-file roamly.env -e ROLE=web -p 3000:3000 roamly
#   docker run -d --env-file roamly.env -e ROLE=worker roamly

# --- build: every dependency, the React Router build, then only production dependencies kept ---
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: Node 22 slim, production dependencies, the build and the server's sources, as a non-root user ---
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    ROLE=all \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BUILD_DIR=build \
    NODE_OPTIONS=--max-old-space-size=192
WORKDIR /app
# pg_dump and pg_restore 16 (PostgreSQL's own apt repository; Debian's are 15, too old to dump a 16 server) for
# `npm run backup` / `npm run restore`.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-16 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data \
 && chown node:node /data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/core ./core
COPY --from=build /app/db ./db
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/public ./public
USER node
EXPOSE 3000
VOLUME ["/data"]
# Liveness only: readiness (/readyz) is for load balancers and orchestrators, which stop sending traffic instead.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node as PID 1 receives SIGTERM itself and shuts down gracefully (ADR 0328); `npm run serve` is the same command.
CMD ["node", "scripts/serve.ts"]
