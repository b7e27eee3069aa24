#!/usr/bin/env bash
# Installs what balltrace needs (Debian 12), builds it, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
