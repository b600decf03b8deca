#!/usr/bin/env bash
# The system programs some tests use, from the Debian packages when they are absent: redis-server
# (suites/shared-rate-limit: the rate limit shared through a real Redis), chromium (the client
# package's headless browser test) and postgresql (suites/library-errors: a real server stopped,
# restarted and with a backend terminated; the tests start their own throwaway cluster, so the
# service the package may start is not used) and prometheus (suites/one-body's
# prometheus-server.test.ts: the Grafana dashboard's queries run by a throwaway server the test
# starts; the service the package may start is not used). When they cannot be installed (no apt-get, no root),
# those tests are skipped with a notice naming what is missing, except the PostgreSQL and
# Prometheus ones, which fail under CI=true; nothing else depends on them.
set -uo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing+=(postgresql)
command -v prometheus >/dev/null 2>&1 || missing+=(prometheus)
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: redis-server, chromium, postgresql and prometheus are installed"
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then as_root=(sudo -n); else
    echo "system packages: not root and no sudo; ${missing[*]} not installed, the tests that need them will be skipped"
    exit 0
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "system packages: no apt-get; ${missing[*]} not installed, the tests that need them will be skipped"
  exit 0
fi

echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if "${as_root[@]}" apt-get update -qq && "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  echo "system packages: installed ${missing[*]}"
else
  echo "system packages: could not install ${missing[*]}; the tests that need them will be skipped"
fi
exit 0
