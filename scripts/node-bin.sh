#!/usr/bin/env bash
# Prints the bin folder of Node.js VERSION, unpacked from the npm package node-linux-<arch> (which
# carries the official binary) into a cache folder the first time. CI runs the suites on the
# Node.js versions Penman supports whatever the machine's own Node.js is (decision 027):
#   PATH="$(scripts/node-bin.sh 22.23.5):$PATH" npm test
set -euo pipefail
version="${1:?usage: scripts/node-bin.sh VERSION}"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "node-bin.sh: no node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
dir="${XDG_CACHE_HOME:-$HOME/.cache}/penman/node-v$version-linux-$arch"
if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-linux-$arch@$version" >/dev/null)
  rm -rf "$dir" && mkdir -p "$dir"
  tar -xzf "$tmp/node-linux-$arch-$version.tgz" -C "$dir" --strip-components=1
fi
echo "$dir/bin"
