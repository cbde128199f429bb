#!/usr/bin/env bash
# The main job on the bundled demo page: build, then print what an agent would receive, with timings.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build --silent
node bin/dehydra demo/index.html --timings "$@"
