#!/usr/bin/env bash
# Damages the fixture clips in many ways and runs `balltrace analyze` on each damaged copy,
# with a time limit. Fails on a crash (a signal), a hang, an exit code other than 0 (analysed)
# or 66 (input error), an error that is not one line, a document that is not complete, a
# damaged input analysed without a warning, or an input that was modified.
#
#   bash scripts/fuzz.sh                     # 300 cases
#   bash scripts/fuzz.sh --cases 20          # a quick sample (CI)
#   bash scripts/fuzz.sh --seed 7 --timeout 20
#
# Kinds of damage, in turn: truncation at an offset; random bytes overwritten; a run of bytes
# zeroed; two top-level MP4 boxes swapped; the same on a Matroska copy (truncation, bytes).
# Each failure is printed with what was done, so that it can be reproduced.
set -euo pipefail
cd "$(dirname "$0")/.."

cases=300
seed=1
limit=30
while [ $# -gt 0 ]; do
  case "$1" in
    --cases) cases="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --timeout) limit="$2"; shift 2 ;;
    *) echo "fuzz: unknown option $1 (known: --cases N, --seed S, --timeout SECONDS)" >&2; exit 2 ;;
  esac
done

bash scripts/install-deps.sh >&2
swift build -c release --static-swift-stdlib --product balltrace >&2
balltrace="$(swift build -c release --show-bin-path)/balltrace"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Three layouts of the same clip: an MP4 with its index at the end (as cameras write it), one
# with the index first (as sharing apps rewrite it, so that a cut-short copy still plays), and
# Matroska.
mp4=fixtures/golf-face-on.mp4
faststart="$work/golf-face-on-faststart.mp4"
mkv="$work/golf-face-on.mkv"
ffmpeg -v error -nostdin -y -i "$mp4" -c copy -movflags +faststart "$faststart"
ffmpeg -v error -nostdin -y -i "$mp4" -c copy "$mkv"
RANDOM=$seed

size_of() { stat -c %s "$1"; }

# A random number in 0..<n, from two draws of $RANDOM (which gives 15 bits).
# Sets REPLY rather than printing: $(…) runs in a subshell, where bash reseeds $RANDOM.
random_below() { REPLY=$(( (RANDOM * 32768 + RANDOM) % $1 )); }

# Offsets and sizes of the top-level boxes of an MP4, one "offset size type" per line.
mp4_boxes() {
  local file="$1" offset=0 total
  total=$(size_of "$file")
  while [ "$offset" -lt "$total" ]; do
    local header size type
    header=$(od -An -tu1 -j "$offset" -N 8 "$file" | tr -s ' ' | sed 's/^ //')
    set -- $header
    [ $# -eq 8 ] || break
    size=$(( ($1 << 24) | ($2 << 16) | ($3 << 8) | $4 ))
    type=$(printf "\\$(printf %03o "$5")\\$(printf %03o "$6")\\$(printf %03o "$7")\\$(printf %03o "$8")")
    [ "$size" -ge 8 ] || break
    echo "$offset $size $type"
    offset=$((offset + size))
  done
}

# damage KIND SOURCE TARGET: writes a damaged copy and prints what was done.
damage() {
  local kind="$1" source="$2" target="$3" total
  total=$(size_of "$source")
  cp "$source" "$target"
  case "$kind" in
    truncate)
      random_below "$total"; local at=$REPLY
      truncate -s "$at" "$target"
      echo "truncated at byte $at of $total" ;;
    flip)
      random_below 32; local count=$(( 1 + REPLY )) done=""
      for _ in $(seq "$count"); do
        random_below "$total"; local at=$REPLY
        local byte=$((RANDOM % 256))
        printf "\\$(printf %03o "$byte")" | dd of="$target" bs=1 seek="$at" conv=notrunc status=none
        done="$done $at"
      done
      echo "overwrote $count bytes at$done" ;;
    zero)
      random_below "$total"; local at=$REPLY
      random_below 4096; local length=$(( 1 + REPLY ))
      dd if=/dev/zero of="$target" bs=1 seek="$at" count="$length" conv=notrunc status=none
      echo "zeroed $length bytes from $at" ;;
    swap)
      mapfile -t boxes < <(mp4_boxes "$source")
      local n=${#boxes[@]}
      if [ "$n" -lt 2 ]; then echo "no boxes to swap"; return; fi
      random_below "$n"; local i=$REPLY
      random_below "$n"; local j=$REPLY
      [ "$i" != "$j" ] || j=$(( (i + 1) % n ))
      : > "$target"
      for k in $(seq 0 $((n - 1))); do
        local pick=$k
        [ "$k" = "$i" ] && pick=$j
        [ "$k" = "$j" ] && pick=$i
        set -- ${boxes[$pick]}
        dd if="$source" bs=1M iflag=skip_bytes,count_bytes skip="$1" count="$2" status=none >> "$target"
      done
      set -- ${boxes[$i]}; local a=$3; set -- ${boxes[$j]}
      echo "swapped boxes $a and $3" ;;
  esac
}

kinds=(truncate flip zero swap)
failures=0
declare -A outcomes=()
for n in $(seq 1 "$cases"); do
  kind=${kinds[$(( (n - 1) % ${#kinds[@]} ))]}
  # Each kind of damage meets each layout in turn (box swaps only the MP4s).
  case $(( (n - 1) / ${#kinds[@]} % 3 )) in
    0) source=$mp4; extension=mp4 ;;
    1) source=$faststart; extension=mp4 ;;
    2) if [ "$kind" = swap ]; then source=$faststart; extension=mp4; else source=$mkv; extension=mkv; fi ;;
  esac
  input="$work/case-$n.$extension"
  # Not in $(…): bash reseeds $RANDOM in a subshell, and the same --seed must give the same cases.
  damage "$kind" "$source" "$input" > "$work/what"
  what=$(cat "$work/what")
  before=$(md5sum < "$input")
  out="$work/out-$n"
  mkdir -p "$out"
  set +e
  timeout --signal=KILL "$limit" "$balltrace" analyze "$input" --json "$out/doc.json" --video "$out/video.mp4" \
    > "$out/stdout" 2> "$out/stderr"
  status=$?
  set -e
  problem=""
  case "$status" in
    0)
      if ! head -c 1 "$out/doc.json" | grep -q '{' || [ "$(tail -c 2 "$out/doc.json" | head -c 1)" != "}" ] ||
         ! grep -q '"schemaVersion"' "$out/doc.json"; then
        problem="exit 0 but the document is not complete"
      elif grep -q '"complete": false' "$out/doc.json" && ! grep -q '^warning: ' "$out/stderr"; then
        problem="the document says the input was damaged, but no warning was printed"
      fi
      outcomes[results]=$(( ${outcomes[results]:-0} + 1 ))
      if grep -q '"complete": false' "$out/doc.json"; then outcomes[warned]=$(( ${outcomes[warned]:-0} + 1 )); fi ;;
    66)
      lines=$(wc -l < "$out/stderr")
      if [ "$lines" -ne 1 ] || ! grep -q '^Error: ' "$out/stderr"; then
        problem="exit $status with $lines lines on stderr instead of one 'Error: …'"
      elif [ -n "$(ls -A "$out" | grep -v '^stdout$\|^stderr$')" ]; then
        problem="exit $status but it left $(ls -A "$out" | grep -v '^stdout$\|^stderr$' | tr '\n' ' ')"
      fi
      outcomes[errors]=$(( ${outcomes[errors]:-0} + 1 )) ;;
    137) problem="no answer within $limit s (killed)" ;;
    *) if [ "$status" -gt 128 ]; then problem="crashed with signal $((status - 128))"; else problem="exit code $status"; fi ;;
  esac
  [ "$before" = "$(md5sum < "$input")" ] || problem="${problem:+$problem; }the input was modified"
  if [ -n "$problem" ]; then
    failures=$((failures + 1))
    echo "FAIL case $n ($extension, $what): $problem"
    sed 's/^/    /' "$out/stderr" | head -3
  fi
  rm -rf "$out" "$input"
done

echo "fuzz: $cases cases (seed $seed): ${outcomes[results]:-0} analysed (${outcomes[warned]:-0} of them with a warning that the input is damaged), ${outcomes[errors]:-0} refused with an input error, $failures failures"
[ "$failures" -eq 0 ]
