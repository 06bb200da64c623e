#!/usr/bin/env bash
# npm start: install what serving needs and nothing else (scripts/setup.sh
# --serve: make and Emscripten, and node_modules; not the test, fuzz or
# kernel-lab packages), build the WASM simulator and the exercise page's
# WASI libraries, serve the lab. Two lines of work run side by side, as
# each needs only its own half: the Debian packages then the WASM build,
# and node_modules then the WASI build (clang from node_modules).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --serve --no-node && bash scripts/make-core.sh wasm &
debian=$!
bash scripts/setup.sh --node && node scripts/build-wasi.mjs &
node=$!
status=0
wait "$debian" || status=$?
wait "$node" || status=$?
((status == 0)) || { echo "journalclub: not served: the set-up or a build failed (see above)" >&2; exit "$status"; }
echo "journalclub: the lab is at http://127.0.0.1:5173/ (Ctrl-C stops it)"
exec node_modules/.bin/vite
