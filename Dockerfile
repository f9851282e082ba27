# The production image: one image for both roles (docs/deployment.md). It runs the API by
# default; a worker is the same image with `node apps/server/src/worker.ts` as its command.

# Build: every dependency, then the web app into apps/web/dist. npm puts node_modules/.bin first
# on PATH for its scripts, so the build runs on the Node 24 the project pins (STACK.md).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# Runtime dependencies only: no compilers, test tools or the pinned Node binary (the base image
# has Node 24).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# Sources and the workspaces' node_modules (their links to packages/* included); Node 24 runs
# the TypeScript sources directly, as `npm start` does, and migrations run at start.
COPY --from=deps --chown=node:node /app ./
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "apps/server/src/main.ts"]
