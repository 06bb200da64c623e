#!/usr/bin/env bash
# make -C wasm-core TARGET..., with the environment Debian's emcc needs.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
exec make --no-print-directory -C wasm-core "$@"
