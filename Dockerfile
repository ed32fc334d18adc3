# syntax=docker/dockerfile:1
#
# Smokestack: a static binary in a distroless image, running as non-root.
#
#   docker build -t smokestack .
#   docker run --rm -p 127.0.0.1:8080:8080 -v smokestack-data:/data smokestack
#
# The image stores matches in the embedded store under /data unless
# REDIS_URL is set (see compose.yaml for Redis). Configure it with the
# variables in .env.example (docker run --env-file .env ...).

# The Go of go.mod exactly: the official images set GOTOOLCHAIN=local, so a
# cached golang:1.26 older than go.mod's version would refuse to build.
FROM golang:1.26.8 AS build
WORKDIR /src
# Dependencies first, so they are cached while the sources change.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/smokestack ./cmd/smokestack \
	&& mkdir -p /out/data

# distroless/static: CA certificates, /etc/passwd with the nonroot user
# (65532), tzdata; no shell, no package manager.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/smokestack /usr/local/bin/smokestack
COPY --from=build --chown=65532:65532 /out/data /data
WORKDIR /data
# Inside a container the playground must listen on all interfaces to be
# reachable through the published port; publish it on 127.0.0.1 only.
# The same for the operator endpoint (/healthz, /readyz, /metrics).
ENV DATA_DIR=/data \
	PLAYGROUND_ADDR=0.0.0.0:8080 \
	SMOKESTACK_OPS_ADDR=0.0.0.0:9090
VOLUME ["/data"]
# 8080: web playground (no DISCORD_TOKEN); 8081: Discord interactions endpoint (DISCORD_MODE=http);
# 9090: health checks and Prometheus metrics.
EXPOSE 8080 8081 9090
# SIGTERM finishes the interactions in flight, then the store; give the
# container more than SMOKESTACK_DRAIN_TIMEOUT (20 s) to stop: docker stop -t 30.
STOPSIGNAL SIGTERM
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/smokestack"]
CMD ["serve"]
