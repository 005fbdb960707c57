# Sourced by build.sh and smoke-test.sh: the podman settings a container needs to start on
# this kind of machine (decision 037), in the array PODMAN_ARGS (global options, before the
# command) and PODMAN_LIMITS (options of `podman build` and `podman run`). Empty where
# podman's defaults work.
#
# What was seen on a Firecracker VM (Debian 12, podman 4.3.1, crun 1.8.1, runc 1.1.5, root
# without CAP_SYS_RESOURCE, hard limits nofile 20000, nproc 96364):
#   - podman run IMAGE true
#       Error: crun: setrlimit `RLIMIT_NOFILE`: Operation not permitted: OCI permission denied
#     podman asks for nofile and nproc 1048576 in the container; raising a hard limit needs
#     CAP_SYS_RESOURCE. --ulimit host does not help (podman 4.3 still asks for 1048576).
#   - --ulimit nofile=20000:20000 --ulimit nproc=96364:96364
#       Error: crun: setrlimit `RLIMIT_NPROC`: Operation not permitted: OCI permission denied
#     podman lowers its own nproc limit to 32768 when it starts (strace: setrlimit(RLIMIT_NPROC,
#     32*1024)), so the runtime, its child, may ask for at most that.
#   - --ulimit nofile=20000:20000 --ulimit nproc=32768:32768
#       Error: OCI runtime error: crun: cgroups in hybrid mode not supported, drop all controllers from cgroupv2
#     the VM mounts cgroup v1 controllers and a cgroup2 hierarchy holding hugetlb; crun 1.8
#     refuses that (also with --cgroups=disabled), runc does not.
#   - --runtime runc with both limits: the container runs.
PODMAN_ARGS=()
PODMAN_LIMITS=()

# crun refuses a cgroup v1/v2 hybrid whose v2 part holds a controller; runc copes.
if [ -n "$(cat /sys/fs/cgroup/unified/cgroup.controllers 2> /dev/null)" ]; then
  if command -v runc > /dev/null; then
    PODMAN_ARGS+=(--runtime runc)
  else
    echo "podman-args.sh: cgroup v1/v2 hybrid with controllers on v2: crun will refuse it; apt-get install -y runc" >&2
  fi
fi

# Without CAP_SYS_RESOURCE (bit 24 of CapEff) no limit may go above the hard one podman
# runs with: nofile as the shell's, nproc at most 32768 (podman lowers its own to that).
cap_eff=$((16#$(awk '/^CapEff:/ {print $2}' /proc/self/status)))
if (( (cap_eff >> 24 & 1) == 0 )); then
  hard_nofile=$(ulimit -Hn)
  hard_nproc=$(ulimit -Hu)
  [ "$hard_nproc" = unlimited ] && hard_nproc=32768
  (( hard_nproc > 32768 )) && hard_nproc=32768
  [ "$hard_nofile" = unlimited ] && hard_nofile=1048576
  PODMAN_LIMITS+=(--ulimit "nofile=$hard_nofile:$hard_nofile" --ulimit "nproc=$hard_nproc:$hard_nproc")
fi
