# SPDX-License-Identifier: BSD-2-Clause
# The generator's network users: RFC 6528 sequence numbers (tcp_isn.c), IP
# identifications (ip_id.c) and ephemeral ports (ephemeral_port.c).
UNIT_TESTS += test_tcp_isn
test_tcp_isn_SRCS := tests/unit/net/inet/test_tcp_isn.c net/inet/tcp_isn.c $(RANDOM_SRCS)

UNIT_TESTS += test_ip_id
test_ip_id_SRCS := tests/unit/net/inet/test_ip_id.c net/inet/ip_id.c $(RANDOM_SRCS)

UNIT_TESTS += test_ephemeral_port
test_ephemeral_port_SRCS := tests/unit/net/inet/test_ephemeral_port.c net/inet/ephemeral_port.c $(RANDOM_SRCS)
