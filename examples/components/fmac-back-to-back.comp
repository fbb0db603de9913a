# expect: hazard RAW r18.z
# US 8,098,251's fmac fragment with nothing between the two fmacs: edge latency 1 where the patent's
# rule asks for 3 (fmac latency 4 - instruction distance 1, see fmac-filler.comp).
#   component string Z + YZ = ZYZ, distance 1, edge latency max(1, 4 - 1) = 3: 2 cycles of
#   filler or NOPs are needed between them, and there are none.
# The second fmac's execution 1 reads r18.z at cycle 3; the first fmac's writes of r18.z land
# at cycles 4 and 5.
.opcode fmac latency=4 class=alu keeps-destination

(rpt1)fmac r18.z, r3.x, (r)r4.x
(rpt1)fmac r9.x, (r)r18.y, (r)r18.y
