#!/usr/bin/env bash
# Installs the runtimes that tools/portable/portable.py needs; safe to run again.
#   node packages (MicroPython, Pyodide) -> tools/portable/node_modules, from package-lock.json
#   PyPy -> pypy3 from Debian, if it is not on PATH
#   gcc, make and gcc-multilib from Debian, for the frozen MicroPython builds
#   (../shared/tools/micropython/build-frozen.sh), when that script is beside the clone
# The CPython 3.8-3.13 interpreters are expected from pyenv (~/.pyenv/versions).
#   setup.sh --compiler installs only the last (make board).
set -euo pipefail
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
apt_updated=
FROZEN_SCRIPT=../../../shared/tools/micropython/build-frozen.sh

apt_install() {
  [ -n "$apt_updated" ] || { $SUDO apt-get update -qq; apt_updated=1; }
  $SUDO apt-get install -y -qq "$@" >/dev/null
}

# A 32-bit C program links only with gcc-multilib; without it the frozen board
# build is skipped (saying so), never a failure.
compiler() {
  [ -f "$FROZEN_SCRIPT" ] || return 0
  if ! printf 'int main(void){return 0;}' | gcc -m32 -x c -o /dev/null - 2>/dev/null \
      || ! command -v make >/dev/null; then
    echo "setup: installing gcc, make and gcc-multilib (the frozen MicroPython builds)" >&2
    apt_install gcc make gcc-multilib \
      || echo "setup: could not install gcc-multilib: the frozen board builds will be skipped" >&2
  fi
}

if [ "${1:-}" = "--compiler" ]; then
  compiler
  exit 0
fi

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

compiler
