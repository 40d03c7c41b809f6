# syntax=docker/dockerfile:1
# The Node release the image runs, an LTS: CI starts the build on this very version's official
# binary (e2e/supported-node.e2e.ts), so raise it here and CI tests the new one (decision 0045).
ARG NODE_VERSION=24.21.0

# Build: compile native modules, build the client and bundle the server.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The client's source maps serve the benchmarks alone; the image never carries them (decision 0018).
RUN npm run build && find dist/client -name '*.map' -delete && npm prune --omit=dev

# Run: only the bundle, the built client and production dependencies, as a non-root user.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 VAR_DIR=/app/var
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/package.json ./
RUN mkdir -p var && chown node:node var
USER node
EXPOSE 3000
# Asks the port the server listens on, as PORT says at run time (compose may set another).
HEALTHCHECK --interval=30s --timeout=5s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/main.js"]
