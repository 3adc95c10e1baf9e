#!/usr/bin/env bash
# Installs what make site and make site-test need; safe to run again.
#   node and npm (Debian), the node packages of tools/site (KaTeX, markdown-it,
#   Pyodide, MicroPython's WebAssembly port, puppeteer-core) from package-lock.json,
#   and, with --browser, Debian's chromium (nothing downloads a browser of its own).
set -euo pipefail
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { $SUDO apt-get update -qq; apt_updated=1; }
  $SUDO apt-get install -y -qq "$@" >/dev/null
}
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "site setup: installing nodejs and npm" >&2
  apt_install nodejs npm
fi
if ! npm ls --depth=0 >/dev/null 2>&1; then
  echo "site setup: installing node packages in tools/site" >&2
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
if [ "${1:-}" = "--browser" ] && [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null; then
  echo "site setup: installing chromium (Debian)" >&2
  apt_install chromium
fi
