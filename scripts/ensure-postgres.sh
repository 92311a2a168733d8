#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the test suites: starts the
# installed cluster if it is down, installs PostgreSQL with apt-get when missing and root.
# Quick and silent-ish when PostgreSQL already runs; exits non-zero with a reason otherwise.
set -euo pipefail

HOST=127.0.0.1
PORT=5432

ready() { pg_isready -q -h "$HOST" -p "$PORT" 2>/dev/null; }

fail() {
  echo "ensure-postgres: $*" >&2
  exit 1
}

if command -v pg_isready >/dev/null && ready; then
  echo "ensure-postgres: PostgreSQL is accepting connections at $HOST:$PORT"
  exit 0
fi

if [ ! -d /etc/postgresql ] || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
  [ "$(id -u)" -eq 0 ] || fail "PostgreSQL is not installed and installing it needs root"
  command -v apt-get >/dev/null || fail "PostgreSQL is not installed and apt-get is not available"
  echo "ensure-postgres: installing PostgreSQL with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  installed=yes
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
if [ "${installed:-no}" = yes ]; then
  # A cluster this script just created is a throwaway test server: the suites connect as
  # postgres over TCP without a password (PG_TEST_URL overrides), so local TCP is trusted.
  hba=/etc/postgresql/$version/main/pg_hba.conf
  printf 'host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n' | cat - "$hba" >"$hba.new"
  mv "$hba.new" "$hba"
  chown postgres:postgres "$hba"
fi
echo "ensure-postgres: starting PostgreSQL $version"
if [ "$(id -u)" -eq 0 ]; then
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
else
  pg_ctlcluster "$version" main start || true
fi

for _ in $(seq 1 30); do
  if ready; then
    echo "ensure-postgres: PostgreSQL $version is accepting connections at $HOST:$PORT"
    exit 0
  fi
  sleep 1
done
fail "PostgreSQL still does not answer at $HOST:$PORT after 30 s (see /var/log/postgresql)"
