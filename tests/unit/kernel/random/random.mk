# SPDX-License-Identifier: BSD-2-Clause
# The generator and its primitives (kernel/random/), and their network users:
# RFC 6528 sequence numbers (net/inet/tcp_isn.c) and IP identifications (net/inet/ip_id.c).
UNIT_TESTS += test_random
test_random_SRCS := tests/unit/kernel/random/test_random.c $(RANDOM_SRCS)

UNIT_TESTS += test_tcp_isn
test_tcp_isn_SRCS := tests/unit/net/inet/test_tcp_isn.c net/inet/tcp_isn.c $(RANDOM_SRCS)

UNIT_TESTS += test_ip_id
test_ip_id_SRCS := tests/unit/net/inet/test_ip_id.c net/inet/ip_id.c $(RANDOM_SRCS)

UNIT_TESTS += test_ephemeral_port
test_ephemeral_port_SRCS := tests/unit/net/inet/test_ephemeral_port.c net/inet/ephemeral_port.c $(RANDOM_SRCS)
