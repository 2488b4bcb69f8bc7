# SPDX-License-Identifier: BSD-2-Clause
# `make sources`: the Debian source packages of the GPL software the ISO
# carries (GRUB, and mtools' boot sector in the UEFI image), in the exact
# versions installed, into $(BUILD)/sources to publish next to the ISO.
# Needs deb-src entries (scripts/deps.sh adds them when it fetches lwIP).
# docs/LICENSES.md; the ISO's /licenses/README names the same versions.

ISO_GPL_PACKAGES := grub-pc-bin grub-efi-amd64-bin grub-common mtools

.PHONY: sources
sources: | $(DEPS_STAMP)
	@mkdir -p $(BUILD)/sources
	cd $(BUILD)/sources && apt-get source --download-only $$(dpkg-query -W \
		-f='$${source:Package}=$${source:Version}\n' $(ISO_GPL_PACKAGES) | sort -u)
