#!/usr/bin/env bash
# Analyses every clip of LIST into OUTDIR with GNU parallel, on this machine or across hosts.
#
#   parallel.sh LIST OUTDIR [balltrace analyze flags...]
#
# SSHLOGINS: GNU parallel's --sshlogin list, default "1/:" (one clip at a time, here). For
#   instance "2/:,4/worker1,4/worker2": two clips here, four on each worker. Every host needs
#   balltrace on its PATH and the clips and OUTDIR at the same paths (a shared file system).
# BALLTRACE: the executable on every host (default: balltrace).
#
# Each clip's exit status is in OUTDIR/joblog.tsv (GNU parallel's --joblog); a clip that fails
# does not stop the others. Exit status: 0 when every clip was analysed or skipped, else the
# number of clips that failed (GNU parallel's own convention).
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: parallel.sh LIST OUTDIR [balltrace analyze flags...]" >&2
  exit 64
fi
list=$1 out=$2
shift 2
mkdir -p "$out"
# The list is read here and sent to the workers line by line; blank lines and comments are dropped.
grep -v -e '^[[:space:]]*$' -e '^[[:space:]]*#' "$list" |
  parallel --will-cite --sshlogin "${SSHLOGINS:-1/:}" --joblog "$out/joblog.tsv" --retries 2 \
    "${BALLTRACE:-balltrace}" analyze {} --out-dir "$out" --quiet "$@"
