#!/usr/bin/env bash
# Browser tests on a private build: its own web bundle, server bundle, port, data and results, so
# that several people (or agents) can run e2e at once in one work tree without clobbering dist/.
# Usage: scripts/e2e-private.sh NAME PORT [playwright args, e.g. e2e/tests/videos.spec.ts]
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 port=$2
shift 2
out=".tmp/private-$name"
mkdir -p "$out"
(cd packages/web && npx vite build --logLevel warn --outDir "../../$out/web" --emptyOutDir)
REGIE_SERVER_OUTDIR="dist-$name" node packages/server/build.mjs >/dev/null
E2E_PORT=$port E2E_DATA_DIR="$PWD/$out/data" E2E_SERVER_ENTRY="packages/server/dist-$name/main.js" \
  REGIE_WEB_DIST="$out/web" E2E_RESULTS_DIR="$PWD/$out/results" \
  npx playwright test -c e2e/playwright.config.ts "$@"
