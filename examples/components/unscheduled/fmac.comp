# expect: hazard RAW r18.z
# expect-schedule: nops=1 in-order-nops=3
# US 8,098,251's fmac fragment before scheduling: `hazardproof annotate --expect` schedules it.
# The second fmac reads r18.z (mask YZ) one execution after the first fmac's last write of it
# (mask Z, the accumulator keeps its component): instruction distance 1, edge latency
# max(1, 4 - 1) = 3. In-order issue with the full fmac latency needs 3 NOPs between them; the
# list scheduler moves the independent mul in between and needs 1 NOP (the patent's "3 to 1").
# As written (no NOPs) it is a hazard.
.opcode fmac latency=4 class=alu keeps-destination
.opcode mul latency=5 class=alu

(rpt1)fmac r18.z, r3.x, (r)r4.x
(rpt1)fmac r9.x, (r)r18.y, (r)r18.y
mul r5.x, r6.x, r7.x
