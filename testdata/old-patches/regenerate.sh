#!/usr/bin/env bash
# Rebuilds the seed patches an earlier kiro-steer-scope wrote (before the
# seed's fence, issue 42): the release at commit 645e4d7 applied to two
# fixture bundles. Needs git, cargo and node; takes a few minutes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
old=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$old/src" >/dev/null 2>&1 || true; rm -rf "$old"' EXIT
git -C "$repo" worktree add --detach "$old/src" 645e4d7 >/dev/null
cargo build --release --quiet --manifest-path "$old/src/Cargo.toml" --target-dir "$old/target"
for bundle in readable-cjs minified-esm; do
  tree="$old/kas/2.21.0-0123abcd"
  rm -rf "$tree" && mkdir -p "$tree"
  cp -r "$repo/testdata/bundles/$bundle/node_modules" "$tree/"
  file="$tree/node_modules/@kiro/agent/dist/server/acp-server.js"
  HOME="$old" XDG_CONFIG_HOME="$old/config" "$old/target/release/kiro-steer-scope" --mode seed --quiet --target "$file"
  cp "$file" "$here/$bundle-seed-645e4d7.js"
done
