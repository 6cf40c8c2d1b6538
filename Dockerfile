# syntax=docker/dockerfile:1
# msg-bot-api container image: a glibc runtime (Debian bookworm-slim, so dynamic plugins load),
# the server binary as PID 1, running as botapi (UID/GID 1000) with its data in the /data volume.
#
# With a registry (the usual way, BINARY_SOURCE=build), the `compile` stage runs on the build
# machine's own architecture and cross-compiles the binary for each target platform, so nothing
# runs under emulation:
#   docker buildx build --platform linux/amd64,linux/arm64 -t msg-bot-api .
# Without a registry, package a binary built on the host instead (this is what CI does):
#   cargo build --release -p msg-supervisor
#   podman build --format docker --build-arg BINARY_SOURCE=prebuilt -t msg-bot-api .
# (podman keeps HEALTHCHECK only with --format docker.) For another architecture, cross-compile on
# the host and name the binary and the base: --platform linux/arm64 --build-arg BASE_IMAGE=<arm64
# bookworm-slim> --build-arg PREBUILT=target/aarch64-unknown-linux-gnu/release/msg-bot-api.
# buildah 1.28 (Debian bookworm's podman 4.3) needs two more things: it does not set
# BUILDPLATFORM/BUILDARCH (pass --build-arg BUILDPLATFORM=linux/amd64 --build-arg BUILDARCH=amd64,
# the build machine's own), and it picks the stage BINARY_SOURCE names only from a --build-arg,
# not from the default below (pass --build-arg BINARY_SOURCE=build to compile).
#
# The runtime stage has no RUN step: everything it needs is prepared on the build platform, so a
# foreign-architecture image builds without emulation in both modes.

# `build` compiles inside the image build; `prebuilt` copies $PREBUILT from the build context.
ARG BINARY_SOURCE=build
ARG RUST_VERSION=1.95
ARG VERSION=0.1.0
# The Bot API version `msg-bot-api --version` names (.ci/container passes it from the binary).
ARG BOT_API_VERSION=10.3
# The runtime base (glibc; any Debian bookworm-slim mirror of the official image will do).
ARG BASE_IMAGE=debian:bookworm-slim

FROM --platform=$BUILDPLATFORM rust:${RUST_VERSION}-bookworm AS compile
ARG TARGETARCH
ARG BUILDARCH
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /src
# The Rust target and, when it is not the build machine's own, the C cross-compiler (rusqlite
# bundles SQLite's C sources) used as linker. The cross toolchain follows the rust image's Debian
# release, so its version is not pinned here.
# hadolint ignore=DL3008
RUN set -eux; \
    case "$TARGETARCH" in \
        amd64) triple=x86_64-unknown-linux-gnu; gnu=x86_64-linux-gnu; set -- gcc-x86-64-linux-gnu libc6-dev-amd64-cross ;; \
        arm64) triple=aarch64-unknown-linux-gnu; gnu=aarch64-linux-gnu; set -- gcc-aarch64-linux-gnu libc6-dev-arm64-cross ;; \
        *) echo "unsupported TARGETARCH '$TARGETARCH': amd64 or arm64" >&2; exit 1 ;; \
    esac; \
    rustup target add "$triple"; \
    echo "export CARGO_BUILD_TARGET=$triple" > /tmp/target.env; \
    if [ "$TARGETARCH" != "$BUILDARCH" ]; then \
        apt-get update; \
        apt-get install -y --no-install-recommends "$@"; \
        rm -rf /var/lib/apt/lists/*; \
        lower="${triple//-/_}"; \
        echo "export CARGO_TARGET_${lower^^}_LINKER=$gnu-gcc CC_$lower=$gnu-gcc" >> /tmp/target.env; \
    fi
COPY . .
# hadolint ignore=SC1091
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target,id=msg-bot-api-target-${TARGETARCH} \
    set -eux; \
    . /tmp/target.env; \
    cargo build --release --locked -p msg-supervisor; \
    mkdir -p /out; \
    cp "target/$CARGO_BUILD_TARGET/release/msg-bot-api" /out/msg-bot-api

FROM scratch AS build
COPY --from=compile /out/msg-bot-api /msg-bot-api

FROM scratch AS prebuilt
ARG PREBUILT=target/release/msg-bot-api
COPY ${PREBUILT} /msg-bot-api

# BINARY_SOURCE names one of the two stages above; the other one is never built.
# hadolint ignore=DL3006
FROM ${BINARY_SOURCE} AS binary

# The botapi user and the prepared /data, made on the build platform (text files, any arch).
FROM --platform=$BUILDPLATFORM debian:bookworm-slim AS accounts
RUN groupadd --gid 1000 botapi \
    && useradd --uid 1000 --gid 1000 --no-create-home --home-dir /data --shell /usr/sbin/nologin botapi \
    && mkdir -p /out/etc /out/data/logs \
    && cp /etc/passwd /etc/group /etc/shadow /etc/gshadow /out/etc/

# (--platform spelled out: buildah 1.28 otherwise looks the base up for the previous stage's platform.)
# hadolint ignore=DL3006,DL3029
FROM --platform=$TARGETPLATFORM ${BASE_IMAGE}
ARG VERSION
ARG BOT_API_VERSION
LABEL org.opencontainers.image.title="msg-bot-api" \
      org.opencontainers.image.description="Self-hosted Bot API server with an embedded platform (Bot API ${BOT_API_VERSION})" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="MIT OR Apache-2.0" \
      org.opencontainers.image.source="https://example.invalid/msg-bot-api" \
      io.msg-bot-api.bot-api-version="${BOT_API_VERSION}"
COPY --from=accounts /out/etc/ /etc/
COPY --from=accounts --chown=1000:1000 /out/data /data
COPY --from=binary --chmod=0755 /msg-bot-api /usr/local/bin/msg-bot-api
USER 1000:1000
WORKDIR /data
VOLUME /data
EXPOSE 8081 8082
# The binary's own probe of http://127.0.0.1:$MSG_HTTP_PORT/ (no curl or wget in the image).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["msg-bot-api", "healthcheck"]
STOPSIGNAL SIGTERM
# Exec form, no entrypoint script: the server is PID 1 and gets the signals, and
# `podman run IMAGE msg-bot-api --version` runs exactly that command.
CMD ["msg-bot-api"]
