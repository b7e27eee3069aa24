#!/usr/bin/env bash
# Installs the Debian 12 packages balltrace builds and tests against. Idempotent: packages
# already present are left as they are, and nothing is fetched when all are there.
set -euo pipefail

packages=(
  pkg-config
  libopencv-dev          # background subtraction, morphology, connected components, drawing
  libavformat-dev        # demuxing and muxing
  libavcodec-dev         # decoding; encoding through libx264
  libavutil-dev
  libswscale-dev         # colour conversion for the overlay video
  ffmpeg                 # used by tests and benchmarks to inspect outputs (ffprobe), never by balltrace itself
  time                   # /usr/bin/time: peak memory in scripts/benchmark.sh
  parallel               # GNU parallel: scripts/scale-out/parallel.sh, tested on local workers
  python3-jsonschema     # scripts/validate-json.py: the schema tests check real documents against the schemas
  chromium               # a headless browser: the tests render the shot report (report.html) and check what it shows
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
