#!/usr/bin/env bash
# Smoke-tests Brigade's image (decision 037): start it, sign in, upload a photo to S3, read
# /metrics, and the rest that smoke-test.mjs lists. Run from a checkout with its dev
# dependencies installed (npm ci), as root, after build.sh:
#
#   deploy/container/smoke-test.sh                  # IMAGE=localhost/brigade:latest
#   IMAGE=localhost/brigade:test deploy/container/smoke-test.sh
#
# No MinIO image can be pulled on a machine without a container registry: the bucket is the
# project's fake S3 (apps/server/test/fakes/s3-server.ts), on the host. The container uses
# the host's network (--network host), so all traffic stays on 127.0.0.1.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
image="${IMAGE:-localhost/brigade:latest}"
# shellcheck source=podman-args.sh
. "$here/podman-args.sh"

if ! podman image exists "$image"; then
  echo "smoke-test.sh: no image $image: run deploy/container/build.sh first." >&2
  exit 1
fi
size=$(podman image inspect --format '{{.Size}}' "$image")
echo "Image $image: $(( size / 1000 / 1000 )) MB ($size bytes, uncompressed)"
cd "$repo"
node --import tsx "$here/smoke-test.mjs" "$image" "${PODMAN_ARGS[@]}" "${PODMAN_LIMITS[@]}"
