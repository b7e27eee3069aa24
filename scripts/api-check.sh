#!/usr/bin/env bash
# The public API of the libraries a user depends on (BallTrace, BallTraceVision), checked
# against the baseline in .ci/api: every public declaration, one line each. A removed or
# changed line breaks code written against the baseline; an added one does not, but the
# baseline must say it too, so that every change to the API is a deliberate one.
#
#   bash scripts/api-check.sh            # compare; exit 1 on any difference
#   bash scripts/api-check.sh --update   # write the current API as the baseline
set -euo pipefail
cd "$(dirname "$0")/.."
graphs="$(swift build --show-bin-path)/../symbolgraph"
rm -rf "$graphs"
# The test modules may fail to load (they are not what is checked): the libraries' graphs must be there.
swift package dump-symbol-graph --minimum-access-level public >/tmp/api-check-$$.log 2>&1 || true
for module in BallTrace BallTraceVision; do
  [ -s "$graphs/$module.symbols.json" ] || { cat /tmp/api-check-$$.log >&2; echo "api-check: no symbol graph for $module" >&2; exit 1; }
done
rm -f /tmp/api-check-$$.log
status=0
for module in BallTrace BallTraceVision; do
  # The module's own types, and what it adds to other modules' types (BallTraceVision's
  # conversions on BallTrace's points are in BallTraceVision@BallTrace.symbols.json).
  current=$(python3 - "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json <<'PY'
import json, os, sys
lines = set()
for path in sys.argv[1:]:
    if not os.path.exists(path):
        continue
    for s in json.load(open(path))["symbols"]:
        if s.get("accessLevel") not in ("public", "open"):
            continue
        declaration = "".join(f["spelling"] for f in s.get("declarationFragments", []))
        lines.add(f'{".".join(s["pathComponents"])}\t{" ".join(declaration.split())}')
print("\n".join(sorted(lines)))
PY
)
  baseline=".ci/api/$module.txt"
  if [ "${1:-}" = "--update" ]; then
    printf '%s\n' "$current" > "$baseline"
    echo "api-check: wrote $baseline ($(wc -l < "$baseline") declarations)"
    continue
  fi
  if ! diff <(printf '%s\n' "$current") "$baseline" > /tmp/api-check-$$.diff; then
    removed=$(grep -c '^>' /tmp/api-check-$$.diff || true)
    added=$(grep -c '^<' /tmp/api-check-$$.diff || true)
    echo "api-check: $module's public API differs from $baseline: $removed declaration(s) removed or changed (breaking), $added added"
    grep '^>' /tmp/api-check-$$.diff | sed 's/^> /  breaks: /' | head -40 || true
    grep '^<' /tmp/api-check-$$.diff | sed 's/^< /  adds:   /' | head -40 || true
    echo "api-check: if the change is deliberate, run 'bash scripts/api-check.sh --update' and commit $baseline"
    status=1
  else
    echo "api-check: $module's public API matches $baseline ($(wc -l < "$baseline") declarations)"
  fi
  rm -f /tmp/api-check-$$.diff
done
exit $status
