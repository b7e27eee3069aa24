#!/usr/bin/env bash
# The unit of work when a club's archive is spread over many machines: analyses the clip on
# line INDEX (0-based; blank lines and lines starting with '#' are not counted) of LIST into
# OUTDIR, as `balltrace analyze CLIP --out-dir OUTDIR` does. Every clip is independent, and
# one whose results are already there and newer is skipped, so a task may be run again.
#
#   analyze-listed.sh LIST INDEX OUTDIR [balltrace analyze flags...]
#
# A Kubernetes indexed Job passes $JOB_COMPLETION_INDEX, a Slurm array $SLURM_ARRAY_TASK_ID.
# BALLTRACE names the executable (default: balltrace on the PATH).
# Exit status: balltrace's (0, 64 usage, 66 input, 73 output, 1 other).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: analyze-listed.sh LIST INDEX OUTDIR [balltrace analyze flags...]" >&2
  exit 64
fi
list=$1 index=$2 out=$3
shift 3
case "$index" in ''|*[!0-9]*) echo "analyze-listed: INDEX must be a whole number from 0 (got '$index')" >&2; exit 64 ;; esac
[ -r "$list" ] || { echo "analyze-listed: cannot read the list '$list'" >&2; exit 66; }
clip=$(awk -v n="$((index + 1))" 'NF && $0 !~ /^[[:space:]]*#/ { if (++i == n) { print; exit } }' "$list")
if [ -z "$clip" ]; then
  echo "analyze-listed: '$list' has no clip at index $index (it lists $(awk 'NF && $0 !~ /^[[:space:]]*#/' "$list" | wc -l))" >&2
  exit 64
fi
exec "${BALLTRACE:-balltrace}" analyze "$clip" --out-dir "$out" "$@"
