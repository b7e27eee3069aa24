#!/usr/bin/env bash
# The main job on the shipped fixture: installs the dependencies, builds balltrace (release),
# analyses fixtures/golf-face-on.mp4 and writes out/golf-face-on.json, out/golf-face-on.traced.mp4
# (the clip with the flight drawn on it) and out/golf-face-on.tracer.png (one picture of it).
# The generated scene lets its ball fall at 486 px/s², so 49.6 px per metre makes gravity 9.8 m/s².
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --static-swift-stdlib --product balltrace
mkdir -p out
"$(swift build -c release --show-bin-path)/balltrace" analyze fixtures/golf-face-on.mp4 \
  --json out/golf-face-on.json --video out/golf-face-on.traced.mp4 --tracer out/golf-face-on.tracer.png \
  --pixels-per-metre 49.6
echo "wrote out/golf-face-on.json, out/golf-face-on.traced.mp4 and out/golf-face-on.tracer.png"
