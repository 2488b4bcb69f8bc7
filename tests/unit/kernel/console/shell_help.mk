# SPDX-License-Identifier: BSD-2-Clause
# `help KEY` over the table generated from docs/CMDLINE.md (mk/cmdline_doc.mk).
UNIT_TESTS += test_shell_help
test_shell_help_SRCS := tests/unit/kernel/console/test_shell_help.c kernel/console/shell_help.c $(CMDLINE_DOC_C)
