# SPDX-License-Identifier: BSD-2-Clause
# The generator and the keyed hashes (kernel/random/), and the network's users
# of them, as hosted builds that link net/lwip/ need them. The bare-metal
# kernel takes kernel/*/*.c and net/*.c by wildcard; entropy.c (CPU
# instructions, interrupts) is bare-metal only: hosted builds run the
# generator unseeded, the same sequence every run.
RANDOM_SRCS := kernel/random/random.c kernel/random/chacha20.c kernel/random/siphash.c
NET_RANDOM_SRCS := $(RANDOM_SRCS) net/inet/tcp_isn.c net/inet/ip_id.c net/inet/ephemeral_port.c
