#!/usr/bin/env bash
# Runs Playwright specs on a port, web build and artifacts folder of their own, so that several
# e2e runs can share one checkout. Usage: tests/e2e/isolated.sh <port> [spec files or filters...]
set -euo pipefail
cd "$(dirname "$0")/../.."
port="$1"; shift
dir="/tmp/portal-e2e-$port"
rm -rf "$dir"; mkdir -p "$dir"
node_modules/.bin/vite build --config desktop/vite.config.ts --outDir "$dir/web" --emptyOutDir --logLevel warn
E2E_PORT="$port" E2E_ARTIFACTS="$dir" E2E_WEB_DIR="$dir/web" \
  node_modules/.bin/playwright test --config tests/e2e/playwright.config.ts --reporter=list "$@"
