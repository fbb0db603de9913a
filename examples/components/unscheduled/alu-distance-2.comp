# expect: hazard RAW r0.x
# expect-schedule: nops=2 in-order-nops=4
# US 8,098,251's ALU case before scheduling: hardware latency 5, masks XYZ then XY (component
# string XYZXY, instruction distance 2), edge latency max(1, 5 - 2) = 3: 2 NOPs where the full
# latency needs 4, with nothing independent to fill them. As written (no NOPs) it is a hazard.
.opcode add latency=5 class=alu
.opcode mul latency=5 class=alu

(rpt2)add r0.x, (r)r1.y, r2.x
(rpt1)mul r3.x, (r)r0.x, r5.x
