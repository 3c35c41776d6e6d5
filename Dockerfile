# syntax=docker/dockerfile:1
# The salon app on Node 20: build with all dependencies, run with production ones only.
#   docker build -t salon .
#   docker run -p 3000:3000 -v salon_data:/data salon
# The SQLite database (and, without SESSION_SECRET, the generated cookie secret) lives
# in /data. A named volume takes the image's ownership of /data; a bind-mounted host
# directory must be writable by uid 1000 (the `node` user).

ARG NODE_IMAGE=node:20-bookworm-slim

# All dependencies: the build needs the dev ones (Remix's Vite plugin, Tailwind, TypeScript).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# Production dependencies only, for the runtime image.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# build/server (the server bundle) and build/client (static assets).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx remix vite:build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    WEB_CONCURRENCY=2 \
    DATABASE_URL=file:/data/salon.db
WORKDIR /app
# The application files stay owned by root (read-only to the app); only /data is writable.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
COPY server ./server
# Migrations run at start-up from ./db/migrations (relative to the working directory).
COPY db/migrations ./db/migrations
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
