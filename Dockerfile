# Brigade's container image (decision 037).
#
#   docker build -t brigade .                     # or: podman build --format docker -t brigade .
#   docker run -p 3000:3000 -v brigade-data:/data -e BETTER_AUTH_SECRET=... brigade
#
# BASE is any Debian-based Node 24 image with npm. Machines that reach no container registry
# build a local one from Debian's packages and the npm registry, and pass it here:
# deploy/container/make-local-base.sh, then deploy/container/build.sh (deploy/README.md,
# "The image").
ARG BASE=node:24-bookworm-slim

# ---- build: every dependency, then the web app and the compiled server --------------------
FROM ${BASE} AS build
WORKDIR /src
# The manifests first, so the install is cached until they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# apps/web/dist (the web app) and apps/server/dist (the server and packages/core as plain
# JavaScript, with the migrations and demo files it reads beside it).
RUN npm run build

# ---- runtime: the server's production dependencies and the two dist folders --------------
FROM ${BASE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY deploy/container/prune-node-modules.mjs /tmp/
# Only the server workspace's dependencies (the web app's are in its bundle, packages/core's
# in the server's). --omit=dev still installs the optional peers that dev tools satisfy in
# the lockfile (better-auth's vitest, vite, drizzle-kit, ... and their platform binaries);
# the script keeps only what apps/server's dependencies reach, sharp's libvips included.
RUN npm ci --omit=dev --workspace @brigade/server --no-audit --no-fund \
 && node /tmp/prune-node-modules.mjs \
 && npm cache clean --force \
 && rm -rf /tmp/prune-node-modules.mjs /root/.npm
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist

# A user of its own, and DATA_DIR (PGlite's database when DATABASE_URL is unset, uploads
# when S3 is not set, the generated push keys) as a volume it owns.
RUN useradd --system --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin brigade \
 && mkdir -p /data \
 && chown brigade:brigade /data
USER brigade
VOLUME ["/data"]
EXPOSE 3000

# The liveness route answers without touching the database (docs/operations.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# SIGTERM (docker stop) lets the server finish in-flight requests and close the database.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
