# expect: proved-safe
# US 8,098,251 (instruction latency reduction), its fmac fragment, scheduled with edge-latency reduction.
#
# fmac multiplies and accumulates: its destination keeps its component over repetitions, so
# the first fmac's destination mask is Z (not ZW): it writes r18.z at both executions. The
# second fmac reads r18 with both sources incrementing from y: mask YZ.
#   component string  Z + YZ = ZYZ
#   component distance of Z = 1 (Y lies between the two Zs): instruction distance 1
#   edge latency = max(1, fmac latency 4 - distance 1) = 3 cycles
# from the first fmac's last execution (cycle 1) to the second's first (cycle 4). Its write of
# r18.z lands at cycle 1 + 4 = 5, when the second fmac's execution 1 reads r18.z. The two cycles
# in between hold one useful, independent instruction (the mul) and one NOP ((nop1) on it);
# the full latency 4 would need 3 NOPs there.
.opcode fmac latency=4 class=alu keeps-destination
.opcode mul latency=5 class=alu

(rpt1)fmac r18.z, r3.x, (r)r4.x           ; cycles 0, 1: r18.z at cycles 4 and 5
(nop1)mul r5.x, r6.x, r7.x                ; cycle 2, then one idle cycle
(rpt1)fmac r9.x, (r)r18.y, (r)r18.y       ; cycles 4, 5: reads r18.y, then r18.z at cycle 5
