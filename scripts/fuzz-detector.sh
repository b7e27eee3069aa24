#!/usr/bin/env bash
# Fuzzes the C++ detector, and the frame-input validation, behind the C ABI with libFuzzer (from the Swift toolchain's clang),
# under AddressSanitizer and UBSan, for a bounded time, starting from the committed seeds in
# Tests/Fuzz/detector-corpus and frame-input-corpus. New inputs it finds go to a scratch copy, never into the repo.
# Exit status non-zero on a finding (its input is left in .build/fuzz-detector/).
#
#   bash scripts/fuzz-detector.sh            # 60 s
#   bash scripts/fuzz-detector.sh 600        # 10 minutes
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
bash scripts/install-deps.sh >&2
# The toolchain's own clang (it carries libFuzzer), beside the real `swift` binary.
clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang++"
[ -x "$clang" ] || clang=clang++
work=.build/fuzz-detector
mkdir -p "$work/corpus" "$work/frame-input-corpus"
cp Tests/Fuzz/detector-corpus/* "$work/corpus/" 2>/dev/null || true
cp Tests/Fuzz/frame-input-corpus/* "$work/frame-input-corpus/" 2>/dev/null || true
flags=(-std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -I Sources/CBallTraceVision/include -I Sources/CBallTraceVision -I /usr/include/opencv4)
"$clang" "${flags[@]}" \
  Tests/Fuzz/DetectorFuzzer.cpp Sources/CBallTraceVision/{Detector,Background,BackgroundWide,ModelWarp,PictureAlignment,CameraMotion,CornerTracking,FaintSpot}.cpp \
  -lopencv_imgproc -lopencv_core -o "$work/fuzz-detector"
# The frame-input validation: the overlay composited onto a caller's YUV planes, the tracer's
# picture copied from a caller's RGB rows.
"$clang" "${flags[@]}" \
  Tests/Fuzz/FrameInputFuzzer.cpp Sources/CBallTraceVision/{Overlay,Picture,Canvas}.cpp \
  -lopencv_imgproc -lopencv_core -o "$work/fuzz-frame-input"
cd "$work"
# Leaks are OpenCV's process-wide caches, not the detector's: left out. The time is shared:
# two thirds for the detector, a third for the frame input.
ASAN_OPTIONS=detect_leaks=0 ./fuzz-detector -max_total_time="$(( seconds * 2 / 3 ))" -print_final_stats=1 corpus 2>&1 | tail -n 12
ASAN_OPTIONS=detect_leaks=0 ./fuzz-frame-input -max_total_time="$(( seconds / 3 > 0 ? seconds / 3 : 1 ))" -print_final_stats=1 frame-input-corpus 2>&1 | tail -n 12
