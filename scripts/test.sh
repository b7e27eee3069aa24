#!/usr/bin/env bash
# Installs what balltrace needs (Debian 12), builds it, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The C++ detector optimised (-O2), the Swift left as a debug build: the pipeline tests analyse
# hundreds of generated clips, and a detector at -O0 made them take nearly three times as long.
swift build --build-tests -Xcxx -O2
swift test --skip-build
