#!/usr/bin/env bash
# Debian's Chromium for the /docs browser test (test/docs). Installs it only when missing,
# so it is a quick no-op on a machine that has it. Needs root or sudo to install.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium: present at /usr/bin/chromium"
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "chromium: missing, and this is not a Debian-like system (no apt-get)" >&2
  exit 1
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq chromium
echo "chromium: installed $(/usr/bin/chromium --version 2>/dev/null || true)"
