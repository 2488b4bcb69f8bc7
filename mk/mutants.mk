# SPDX-License-Identifier: BSD-2-Clause
# The mutation suite (tests/mutants/README.md): plant each bug of
# tests/mutants/mutants.txt in a scratch copy under $(BUILD)/mutants, run the
# suites that cover it, report caught or missed. The working tree is never
# written. MUTANTS_JOBS workers (at most 2); MUTANTS_ONLY=id,id picks some.
#
#   make mutants          every mutant; results in $(BUILD)/mutants/results.tsv
#   make mutants-sample   the fixed sample of ten, one per kind; fails if one survives
MUTANTS_JOBS ?= 2
MUTANTS_RUN = $(PYTHON) tests/mutants/run_mutants.py -j $(MUTANTS_JOBS) $(if $(MUTANTS_ONLY),--only $(MUTANTS_ONLY))

.PHONY: mutants mutants-sample
mutants: | $(DEPS_STAMP)
	$(MUTANTS_RUN) --out $(BUILD)/mutants

mutants-sample: | $(DEPS_STAMP)
	$(MUTANTS_RUN) --sample --out $(BUILD)/mutants-sample
