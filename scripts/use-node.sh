# Puts the Node.js that .nvmrc names first on PATH (scripts/node-runtime.mjs takes it from the npm
# registry where the machine's node is older); sourced by .ci/run, and by a developer who wants the
# same node in their shell: `source scripts/use-node.sh`.
# shellcheck shell=bash
use_node_binary="$(node "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/node-runtime.mjs")" || return 1
export PATH="$(dirname "$use_node_binary"):$PATH"
unset use_node_binary
echo "Node $(node -p 'process.versions.node') ($(command -v node))"
