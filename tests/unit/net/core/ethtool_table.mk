# SPDX-License-Identifier: BSD-2-Clause
# The table-driven `ethtool -S` helper every driver fills its counters with (net/core/ethtool_table.c).
UNIT_TESTS += test_ethtool_table
test_ethtool_table_SRCS := tests/unit/net/core/test_ethtool_table.c net/core/ethtool_table.c
