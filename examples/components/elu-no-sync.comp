# expect: hazard RAW r1.x
# US 8,098,251's ELU case without the wait: edge latency 1 (Eq. 7) puts the add right after the exp,
# and nothing holds it until the exp's result lands (its latency is non-deterministic), so some
# schedule reads r1.x first.
.opcode exp latency=variable sync=sy class=elu
.opcode add latency=5 class=alu

exp r1.x, r2.x
add r3.x, r1.x, r4.x
