#!/usr/bin/env bash
# npm start: set up, build the WASM simulator, serve the lab.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/make-core.sh wasm
echo "journalclub: the lab is at http://127.0.0.1:5173/ (Ctrl-C stops it)"
exec node_modules/.bin/vite
