#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Every benchmark, one after the other: boot time, then the network benchmark
# (napkin against the Linux guest, then napkin under overload). Builds what
# they need first: napkin, the Linux guest (Debian packages, via apt-get),
# the host load generator. Needs root for the network namespaces.
# Arguments go to netbench.py (e.g. --nics virtio --flood-nics "").
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
make -s all
bash bench/linux-guest/build.sh
bash bench/boot.sh
python3 bench/netbench.py "$@"
python3 bench/capacity.py
