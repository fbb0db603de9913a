# expect: hazard RAW r0.x
# US 8,098,251's ALU case with one NOP where the reduced edge latency needs two:
#   add mask XYZ, mul source mask XY: component string XYZXY, instruction distance 2
#   edge latency = max(1, 5 - 2) = 3: two NOPs between the add's last execution and the mul
# With one NOP the mul issues at cycle 4 and reads r0.x one cycle before it lands (cycle 5).
# The NOP is written as an instruction here: `nop` takes one issue cycle.
.opcode add latency=5 class=alu
.opcode mul latency=5 class=alu

(rpt2)add r0.x, (r)r1.y, r2.x
nop
(rpt1)mul r3.x, (r)r0.x, r5.x
