#!/usr/bin/env bash
# Installs what make site and make site-test need; safe to run again.
#   node and npm (Debian) when absent; with --browser, Debian's chromium when
#   absent (nothing downloads a browser of its own; CHROMIUM=PATH names another);
#   then tools/site's node packages (KaTeX, markdown-it, Pyodide, MicroPython's
#   WebAssembly port, puppeteer-core) from package-lock.json.
set -euo pipefail
cd "$(dirname "$0")"
missing=()
command -v node >/dev/null && command -v npm >/dev/null || missing+=(nodejs npm)
if [ "${1:-}" = "--browser" ] && [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null; then
  missing+=(chromium)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "site setup: installing ${missing[*]} from Debian" >&2
  as_root=; [ "$(id -u)" -eq 0 ] || as_root=sudo
  $as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# `npm ls` fails when node_modules is missing or does not match package.json
npm ls --depth=0 >/dev/null 2>&1 || {
  echo "site setup: installing the node packages of tools/site" >&2
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
}
