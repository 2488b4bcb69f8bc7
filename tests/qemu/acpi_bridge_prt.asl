/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * An SSDT for tests/qemu/test_acpi.py: gives the PCI-PCI bridge at slot 7 of
 * QEMU's pc its own _PRT (QEMU describes the slot as \_SB.PCI0.S38 but gives
 * bridges none), routing INTA of the device at slot 3 behind it through an
 * interrupt link that starts disabled. napkin must find the bridge's _PRT
 * instead of swizzling, see the link disabled, pick the interrupt its _PRS
 * offers and set it with _SRS. The test fills in @IRQ@: the PIIX PIRQ that
 * QEMU really wires the swizzled pin to, so interrupts still arrive.
 */
DefinitionBlock ("", "SSDT", 2, "NAPKIN", "BRIDGPRT", 1)
{
    External (\_SB.PCI0.S38, DeviceObj)

    Scope (\_SB)
    {
        Device (LNKX)
        {
            Name (_HID, EisaId ("PNP0C0F"))
            Name (_UID, 0x58)
            Name (CUR, Zero)  /* the interrupt set by _SRS; 0 = disabled */

            Method (_STA, 0, NotSerialized)
            {
                If (CUR)
                {
                    Return (0x0B)
                }
                Return (0x09)
            }

            Name (_PRS, ResourceTemplate ()
            {
                Interrupt (ResourceConsumer, Level, ActiveHigh, Shared, ,, ) { @IRQ@ }
            })

            Method (_CRS, 0, NotSerialized)
            {
                Name (BUF, ResourceTemplate ()
                {
                    Interrupt (ResourceConsumer, Level, ActiveHigh, Shared, ,, IRQX) { 0 }
                })
                CreateDWordField (BUF, \_SB.LNKX._CRS.IRQX._INT, NUM)
                NUM = CUR
                Return (BUF)
            }

            /* The Extended Interrupt descriptor's first interrupt is at byte 5. */
            Method (_SRS, 1, NotSerialized)
            {
                CreateDWordField (Arg0, 0x05, NEW)
                CUR = NEW
            }

            Method (_DIS, 0, NotSerialized)
            {
                CUR = Zero
            }
        }
    }

    Scope (\_SB.PCI0.S38)
    {
        Name (_PRT, Package ()
        {
            Package () { 0x0003FFFF, 0, \_SB.LNKX, 0 }
        })
    }
}
