# SPDX-License-Identifier: BSD-2-Clause
# `make netboot`: the folder a TFTP (or HTTP) server serves to boot napkin
# from the network (docs/HARDWARE.md "Boot a rack"), in build/netboot/:
#   napkin32.elf, napkin.ipxe        iPXE: the script loads the Multiboot1 image
#   napkin.elf, boot/grub/           GRUB's netboot images (grub-mknetdir) for
#                                    i386-pc (core.0) and x86_64-efi (core.efi),
#                                    its grub.cfg loading napkin.elf (Multiboot2)
#   dnsmasq.conf.example             DHCP and TFTP for a rack, both ways
NETBOOT := $(BUILD)/netboot

.PHONY: netboot
netboot: $(NETBOOT)/.done

$(NETBOOT)/.done: $(BUILD)/napkin.elf $(BUILD)/napkin32.elf boot/netboot/napkin.ipxe \
		boot/netboot/grub.cfg boot/netboot/dnsmasq.conf.example | $(DEPS_STAMP)
	@rm -rf $(NETBOOT) && mkdir -p $(NETBOOT)
	cp $(BUILD)/napkin.elf $(BUILD)/napkin32.elf boot/netboot/napkin.ipxe \
		boot/netboot/dnsmasq.conf.example $(NETBOOT)/
	for platform in i386-pc x86_64-efi; do \
		grub-mknetdir --net-directory=$(NETBOOT) --subdir=boot/grub \
			-d /usr/lib/grub/$$platform >$(BUILD)/grub-mknetdir-$$platform.log 2>&1 || \
			{ cat $(BUILD)/grub-mknetdir-$$platform.log; exit 1; }; \
	done
	cp boot/netboot/grub.cfg $(NETBOOT)/boot/grub/grub.cfg
	@touch $@
