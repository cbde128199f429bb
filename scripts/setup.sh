#!/usr/bin/env bash
# Installs what dehydra needs on a Debian machine: Emscripten, the C++ test and fuzz toolchain,
# Chromium, Firefox ESR, WebKitGTK with its WebDriver and a virtual display, and the npm packages.
# Idempotent; fast when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(emscripten nlohmann-json3-dev doctest-dev chromium firefox-esr webkit2gtk-driver xvfb clang libclang-rt-14-dev
  cmake g++ make)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi
