#!/usr/bin/env bash
# NVIDIA's assembler and disassemblers (ptxas, cuobjdump, nvdisasm) from Debian's non-free archive,
# unpacked into a cache folder: nvidia-cuda-toolkit 11.8.89 (bookworm: sm_50..sm_90) and 12.5.40
# (experimental: adds sm_90a). Their usr/bin tools run without the package's dependencies. The
# non-free entry lives in a private apt list for the download only: the machine's own sources and
# package lists are not touched.
#
#   scripts/nvidia-tools.sh [11.8] [12.5]      (default: both; npm run setup:nvidia)
#
# Prints, per version, the folder holding ptxas, cuobjdump and nvdisasm. A version already in the
# cache is not fetched again. HAZARDPROOF_CUDA_CACHE overrides the cache folder.
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${HAZARDPROOF_CUDA_CACHE:-$PWD/node_modules/.cache/hazardproof-cuda}"
[ "$#" -gt 0 ] || set -- 11.8 12.5
for version in "$@"; do
  case "$version" in
    11.8) suite=bookworm; package=11.8.89~11.8.0-5~deb12u1 ;;
    12.5) suite=experimental; package=12.5.40~12.5.0-2+b1 ;;
    *) echo "nvidia-tools: unknown version '$version' (expected 11.8 or 12.5)" >&2; exit 2 ;;
  esac
  bin="$cache/$version/usr/bin"
  if [ -x "$bin/ptxas" ] && [ -x "$bin/cuobjdump" ]; then
    echo "nvidia-tools $version: $bin (cached)"
    continue
  fi
  work="$(mktemp -d)"
  mkdir -p "$work/lists/partial" "$work/archives/partial"
  printf 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian %s non-free\n' "$suite" > "$work/sources.list"
  apt_options=(-o "Dir::Etc::sourcelist=$work/sources.list" -o "Dir::Etc::sourceparts=-" -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::archives=$work/archives" -o "APT::Sandbox::User=root")
  echo "nvidia-tools $version: downloading nvidia-cuda-toolkit=$package from Debian $suite non-free"
  apt-get "${apt_options[@]}" update -qq
  (cd "$work" && apt-get "${apt_options[@]}" download "nvidia-cuda-toolkit=$package" -qq)
  rm -rf "$cache/$version"
  mkdir -p "$cache/$version"
  dpkg-deb -x "$work"/nvidia-cuda-toolkit_*.deb "$cache/$version"
  rm -rf "$work"
  "$bin/ptxas" --version | tail -1
  echo "nvidia-tools $version: $bin"
done
