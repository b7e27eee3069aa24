#!/usr/bin/env bash
# Measures balltrace against ground truth: renders the generator's scenarios (seeded, cached in
# .build/evaluation), runs `balltrace analyze` on them and on the labelled real clips in
# ../shared/clips, and prints recall, precision, flights found, UUIDs per flight and false
# trajectories per clip and in total. Exit status 1 when a clip the targets apply to misses them.
#
#   bash scripts/evaluate.sh                        # the whole suite
#   bash scripts/evaluate.sh --suite quick          # the subset `swift test` runs
#   bash scripts/evaluate.sh --only tennis          # cases whose name contains "tennis"
#   bash scripts/evaluate.sh -- --trajectory-length 8   # flags passed to balltrace analyze
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh >&2
swift build -c release --static-swift-stdlib --product balltrace >&2
swift build -c release --static-swift-stdlib --product evaluate-tracking >&2
exec "$(swift build -c release --show-bin-path)/evaluate-tracking" "$@"
