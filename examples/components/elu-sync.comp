# expect: proved-safe
# US 8,098,251's ELU case: an elementary function (exp) has a non-deterministic latency, so no
# number of NOPs is enough; the seed sets the edge latency to 1 (Eq. 7) and the successor waits
# for the result with the synchronization mechanism. Here that is (sy): the add issues only once
# no (sy)-class result is pending, whenever the exp's result lands.
.opcode exp latency=variable sync=sy class=elu
.opcode add latency=5 class=alu

exp r1.x, r2.x
(sy)add r3.x, r1.x, r4.x
