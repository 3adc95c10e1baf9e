#!/usr/bin/env bash
# Installs the runtimes that tools/portable/portable.py needs; safe to run again.
#   node packages (MicroPython, Pyodide) -> tools/portable/node_modules, from package-lock.json
#   PyPy -> pypy3 from Debian, if it is not on PATH
# The CPython 3.8-3.13 interpreters are expected from pyenv (~/.pyenv/versions).
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
  echo "setup: installing nodejs and npm" >&2
  apt_install nodejs npm
fi

# `npm ls` fails when node_modules is missing or does not match package.json.
if ! npm ls --depth=0 >/dev/null 2>&1; then
  echo "setup: installing node packages in tools/portable" >&2
  if [ -f package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
  else
    npm install --no-audit --no-fund --loglevel=error >/dev/null
  fi
fi

if ! command -v pypy3 >/dev/null; then
  echo "setup: installing pypy3" >&2
  apt_install pypy3
fi
