# The Butterfic app image: one image for API processes (GENERATION_WORKERS=0)
# and worker processes (GENERATION_WORKERS>=1). See docs/deploy.md.
#
#   docker build -t butterfic .
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://… butterfic
#
# Built for linux/amd64: package-lock.json keeps only the x64 CPU build of
# node-llama-cpp (docs/decisions/0009-lean-install.md).
FROM node:22-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a code change does not reinstall them.
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
# Listen on every interface inside the container; DATA_DIR is a volume (only the embedded
# database and the dev outbox use it: with DATABASE_URL and SMTP_URL it stays empty).
# A deployment: production settings (no sandbox checkout: set PAYMENTS=stripe and its keys; the compose
# file overrides NODE_ENV, and runs the sandbox only when PAYMENTS=sandbox is chosen, on 127.0.0.1). With a
# real model (LLM_PROVIDER) the story model also judges what it is sent and writes (MODERATION_PROVIDER unset);
# MODERATION_PROVIDER=none turns it off, loudly.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/v1/health/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains in-flight requests and hands running stories back to the queue (SHUTDOWN_GRACE_MS).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "server/src/main.ts"]
