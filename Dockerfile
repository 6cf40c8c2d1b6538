# syntax=docker/dockerfile:1
# msg-bot-api container image. The packaging issue extends this file (cross-compiled
# multi-arch build stage, health check, labels); today it packages a binary built on the host:
#   cargo build --release -p msg-supervisor && docker build -t msg-bot-api .
FROM debian:bookworm-slim
RUN groupadd --gid 1000 botapi \
    && useradd --uid 1000 --gid 1000 --no-create-home --home-dir /data --shell /usr/sbin/nologin botapi \
    && mkdir -p /data/logs \
    && chown -R 1000:1000 /data
COPY target/release/msg-bot-api /usr/local/bin/msg-bot-api
USER 1000:1000
WORKDIR /data
VOLUME /data
EXPOSE 8081 8082
# No entrypoint script: the server is PID 1 and `IMAGE msg-bot-api --version` runs as given.
CMD ["msg-bot-api"]
