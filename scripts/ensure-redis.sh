#!/usr/bin/env bash
# Makes sure a Redis server answers on 127.0.0.1:6379 for the shared rate-limit suite:
# starts the installed server if it is down, installs Debian's redis-server when missing
# and root. Quick when Redis already runs; exits non-zero with a reason otherwise.
set -euo pipefail

HOST=127.0.0.1
PORT=${REDIS_PORT:-6379}

ready() { redis-cli -h "$HOST" -p "$PORT" ping 2>/dev/null | grep -q PONG; }

fail() {
  echo "ensure-redis: $*" >&2
  exit 1
}

if command -v redis-cli >/dev/null && ready; then
  echo "ensure-redis: Redis is answering at $HOST:$PORT"
  exit 0
fi

if ! command -v redis-server >/dev/null; then
  [ "$(id -u)" -eq 0 ] || fail "Redis is not installed and installing it needs root"
  command -v apt-get >/dev/null || fail "Redis is not installed and apt-get is not available"
  echo "ensure-redis: installing redis-server with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq redis-server >/dev/null
fi

# A throwaway test server: loopback only, nothing kept on disk.
echo "ensure-redis: starting Redis"
mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
dir=/var/lib/redis
[ -w "$dir" ] || dir=$(mktemp -d)
log=/var/log/redis/ci.log
[ -w "$(dirname "$log")" ] || log="$dir/redis.log"
redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$PORT" --save "" --appendonly no \
  --dir "$dir" --logfile "$log"

for _ in $(seq 1 30); do
  if ready; then
    echo "ensure-redis: Redis is answering at $HOST:$PORT"
    exit 0
  fi
  sleep 1
done
fail "Redis still does not answer at $HOST:$PORT after 30 s (see $log)"
