#!/usr/bin/env bash
# The main job on the shipped fixture: installs the dependencies, builds balltrace (release),
# analyses fixtures/golf-face-on.mp4 and writes out/golf-face-on.json and
# out/golf-face-on.traced.mp4 (the clip with the flight drawn on it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product balltrace
mkdir -p out
"$(swift build -c release --show-bin-path)/balltrace" analyze fixtures/golf-face-on.mp4 \
  --json out/golf-face-on.json --video out/golf-face-on.traced.mp4
echo "wrote out/golf-face-on.json and out/golf-face-on.traced.mp4"
