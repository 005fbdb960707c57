#!/usr/bin/env bash
# Builds Brigade's image with podman from the root Dockerfile (decision 037):
#
#   deploy/container/build.sh                       # on the local base (made first if missing)
#   BASE=node:24-bookworm-slim deploy/container/build.sh   # where a registry is reachable
#   TAG=localhost/brigade:test deploy/container/build.sh
#
# --format docker keeps the HEALTHCHECK (the OCI image format has no such field).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
base="${BASE:-localhost/brigade-base:bookworm-node24}"
tag="${TAG:-localhost/brigade:latest}"
# shellcheck source=podman-args.sh
. "$here/podman-args.sh"

if [[ "$base" == localhost/* ]] && ! podman image exists "$base"; then
  IMAGE="$base" "$here/make-local-base.sh"
fi

started=$(date +%s)
podman "${PODMAN_ARGS[@]}" build --format docker "${PODMAN_LIMITS[@]}" \
  --build-arg "BASE=$base" --tag "$tag" --file "$repo/Dockerfile" "$repo"
echo "Built $tag on $base in $(( $(date +%s) - started )) s."
podman image ls "$tag"
