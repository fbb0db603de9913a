# expect: proved-safe
# US 8,098,251's ALU case: hardware latency 5, instruction distance 2, two NOPs instead of four.
#
# The add is the patent's compressed scalar instruction: (rpt2) executes it 3 times, its
# destination increments (mask XYZ: r0.x, r0.y, r0.z at cycles 0, 1, 2, landing at 5, 6, 7).
# The mul repeats once and reads r0 incrementing from x: mask XY.
#   component string  XYZ + XY = XYZXY
#   component distances: X 2 (Y, Z between), Y 2 (Z, X between): instruction distance 2
#   edge latency = max(1, ALU latency 5 - distance 2) = 3 cycles
# from the add's last execution (cycle 2) to the mul's first (cycle 5): two NOPs, (nop2). The mul
# reads r0.x at cycle 5 and r0.y at cycle 6, just as they land. The full latency 5 would need 4.
.opcode add latency=5 class=alu
.opcode mul latency=5 class=alu

(rpt2)(nop2)add r0.x, (r)r1.y, r2.x       ; cycles 0-2, then idle at 3 and 4
(rpt1)mul r3.x, (r)r0.x, r5.x             ; cycles 5, 6: reads r0.x, then r0.y
