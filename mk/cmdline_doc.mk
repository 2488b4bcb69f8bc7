# SPDX-License-Identifier: BSD-2-Clause
# docs/CMDLINE.md is the one list of command-line keys: `make lint` checks it
# against the keys the code reads (scripts/cmdline_doc.py).

.PHONY: lint-cmdline-doc
lint: lint-cmdline-doc
lint-cmdline-doc:
	@$(PYTHON) scripts/cmdline_doc.py check
