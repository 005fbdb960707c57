#!/usr/bin/env bash
# Makes a local stand-in for node:24-bookworm-slim from Debian's packages and the npm
# registry, for machines that reach no container registry (decision 037):
#
#   Debian bookworm (debootstrap --variant=minbase, from the mirror apt uses here)
#   + Node 24 (the npm registry's node-linux-<arch> package, the binary its `node` package installs)
#   + npm 11 (the npm registry's `npm` package)
#   + Debian's ca-certificates and this host's own authorities (/usr/local/share/ca-certificates),
#     trusted by Node through NODE_EXTRA_CA_CERTS: npm in the build reaches the registry
#     the way this host does (here its TLS is signed by such a local authority; without it
#     `npm ci` fails with SELF_SIGNED_CERT_IN_CHAIN)
#   → podman import → localhost/brigade-base:bookworm-node24
#
#   deploy/container/make-local-base.sh            # as root; about a minute and ~300 MB
#   BASE_WORK=/var/tmp/brigade-base NODE_VERSION=24 NPM_VERSION=11 IMAGE=... deploy/container/make-local-base.sh
#
# Needs debootstrap and podman (apt-get install -y podman debootstrap). Nothing is written
# in the repository: the root file system is built under $BASE_WORK and removed after import.
set -euo pipefail

work="${BASE_WORK:-/var/tmp/brigade-base}"
image="${IMAGE:-localhost/brigade-base:bookworm-node24}"
node_version="${NODE_VERSION:-24}"
npm_version="${NPM_VERSION:-11}"
suite="${SUITE:-bookworm}"

if [ "$(id -u)" != 0 ]; then
  echo "make-local-base.sh: run as root (debootstrap makes device files and sets owners)." >&2
  exit 1
fi
for tool in debootstrap podman npm; do
  command -v "$tool" > /dev/null || { echo "make-local-base.sh: $tool is missing (apt-get install -y podman debootstrap)." >&2; exit 1; }
done

# The Debian mirror apt is set up with on this machine (deb822 or one-line sources), unless
# MIRROR is given; debootstrap's own default when neither says.
mirror="${MIRROR:-}"
if [ -z "$mirror" ]; then
  mirror="$(grep -hsE '^URIs:.*/debian/?$' /etc/apt/sources.list.d/*.sources | head -n 1 | awk '{print $2}' || true)"
fi
if [ -z "$mirror" ]; then
  mirror="$(grep -hsE '^deb +(\[[^]]*\] +)?[a-z]+://[^ ]+/debian/? +'"$suite"' ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | head -n 1 | sed -E 's/^deb +(\[[^]]*\] +)?//' | awk '{print $1}' || true)"
fi

case "$(uname -m)" in
  x86_64) node_arch=x64 ;;
  aarch64) node_arch=arm64 ;;
  *) echo "make-local-base.sh: no Node package for $(uname -m)." >&2; exit 1 ;;
esac

rootfs="$work/rootfs"
rm -rf "$rootfs" "$work/packs"
mkdir -p "$work/packs"

echo "debootstrap $suite (minbase) into $rootfs${mirror:+ from $mirror}..."
debootstrap --variant=minbase --include=ca-certificates "$suite" "$rootfs" ${mirror:+"$mirror"} > "$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }

if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"
  echo "Trusting this host's own certificate authorities too: $(cd /usr/local/share/ca-certificates && echo *.crt)"
fi
chroot "$rootfs" update-ca-certificates > /dev/null 2>&1

echo "Node $node_version and npm $npm_version from the npm registry..."
(cd "$work/packs" && npm pack --silent "node-linux-$node_arch@$node_version" "npm@$npm_version" > /dev/null)
node_tgz="$(ls "$work"/packs/node-linux-"$node_arch"-*.tgz)"
npm_tgz="$(ls "$work"/packs/npm-*.tgz)"
# The package holds bin/node, include/ and share/ (man page, systemtap), as Node's own tarball.
tar -xzf "$node_tgz" -C "$rootfs/usr/local" --strip-components=1 --no-same-owner package/bin package/include package/share
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$npm_tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1 --no-same-owner
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chmod 0755 "$rootfs/usr/local/bin/node"

# What the official slim images leave out too: apt's lists and caches, manuals, translations.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
  "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* "$rootfs"/var/log/*.log \
  "$rootfs"/var/cache/debconf/*-old
find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete

node_full="$(chroot "$rootfs" /usr/local/bin/node --version)"
npm_full="$(chroot "$rootfs" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js --version)"
echo "Debian $(cat "$rootfs/etc/debian_version"), Node $node_full, npm $npm_full"

podman rmi --force "$image" > /dev/null 2>&1 || true
tar -C "$rootfs" --numeric-owner -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${node_full#v}" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  --message "Debian $suite minbase, Node $node_full, npm $npm_full (deploy/container/make-local-base.sh)" \
  - "$image" > /dev/null
rm -rf "$rootfs" "$work/packs"
podman image ls "$image"
