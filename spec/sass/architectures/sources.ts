/**
 * Citations behind the NVIDIA opcode tables, keyed as the tables' `source` fields name them.
 * Mesa NAK files are cited at the commit of the bminor/mesa-mesa mirror they were read at.
 */

const NAK = 'Mesa NAK (src/nouveau/compiler/nak/, read in the bminor/mesa-mesa mirror';

export const SOURCES = {
  'maxas-grammar':
    'NervanaSystems/maxas @54eda7af086a46c9dae1688b691968235d560164, lib/MaxAs/MaxAsGrammar.pm: op types $x32T and $shftT lat 6, $cmpT lat 13 (the predicate setters FSETP, ISETP, PSETP, HSETP2 and the LEA form with a predicate output); $qtrT (MUFU, F2F, F2I, I2F, I2I), $s2rT (S2R, POPC, FLO), $smemT (LDS, STS, ATOMS, SHFL) and $gmemT (global, local, constant and texture memory, BAR, DEPBAR) carry barrier latencies (variable). Operand order from the %grammar rules: LEA $p48, $r0cc, $r8, $icr20; LOP.Z/.NZ $p48 first; SHFL $p48, $r0; VOTE [$r0,] $p45, $p39; .CC on the destination ($r0cc), .X on the opcode.',
  'maxas-read-delay':
    'NervanaSystems/maxas @54eda7af, lib/MaxAs/MaxAsGrammar.pm op types, "rlat: operand read latency for memory ops": $gmemT rlat 4 (global, local, constant, texture), $qtrT rlat 4 (MUFU and conversions), $smemT rlat 2 (LDS, STS, ATOMS, SHFL); microbench/microbench.sass: "memory store instructions have a 5 clock delay in picking up register values". ptxas relies on it: cudatest.6.sm_61.cuasm issues LDG.E 2 cycles after the IADD.X computing its address (/*00b8*/-/*00c8*/), F2I 2 cycles after IADD32I (/*06d8*/-/*06e8*/), TEXS 2 cycles after FADD, SULD 2 cycles after the SHL computing its coordinate (surface ops read like global memory ones).',
  'corpus-sm75-memory-read':
    'shared/corpus/cuassembler/cudatest.7.sm_75.cuasm: ptxas issues every load and store (LDG, STG, LDL, STL, LDS, STS) at least 8 cycles after the fixed-latency instruction producing one of its registers (32 of them at exactly 8, e.g. IMAD.WIDE R18 /*00a0*/ -> LDG.E.SYS [R18] /*00c0*/, IADD3 R9 -> STG.E.SYS /*0150*/), where NAK\'s sm75 table has 6 for decoupled readers: 8 is taken for load/store readers.',
  'corpus-sfu-order':
    'maxas @54eda7af MaxAsGrammar.pm puts MUFU, F2F, F2I, I2F and I2I in one class ($qtrT); ptxas relies on their order: maxas/ptxas_memory.sm_52.sass lines 95-120 leave I2I results without a write barrier and read them after waiting on a later I2I\'s barrier; cudatest.6.sm_61.cuasm /*06b0*/-/*06f0*/ reads I2I R9 (no write scoreboard) after waiting on the later MUFU and F2I scoreboards.',
  'corpus-local-order':
    'shared/corpus/cuassembler/cudatest.6.sm_61.cuasm: an LDL result without write scoreboard is read after waiting on a later LDL (line 3128-3132), and STL [R1+0x18], R8 is protected against the overwrite of R8 only by a later LDL\'s scoreboard (line 2906): local loads and stores leave in order.',
  'maxas-cs2r':
    'NervanaSystems/maxas @54eda7af, microbench/microbench.sass comments: "CS2R takes a constant 6 clocks to complete unlike S2R which is a variable 22-44 clocks".',
  'nak-sm50-latency':
    `${NAK} @0702e54b55842bd00acb4b782ec842bb9f592107) sm50.rs instr_latency for Maxwell/Pascal: GPR results 6, predicate 13, carry 6; DADD/DFMA/DMNMX/DMUL/DSETP and HADD2/HFMA2/HMUL2/HSET2/HSETP2/HMNMX2 13 (GPR) and 14 (predicate).`,
  'nak-fixed-latency':
    `${NAK} @00fe8e45a0dbbdc2fe6f7c5cab9a3a0f50313f2f) ir.rs Op::has_fixed_latency, which decides scoreboards on Maxwell/Pascal and Volta (ShaderModel70::op_needs_scoreboard falls back to it below Turing): variable are MUFU, RRO, DADD/DFMA/DMNMX/DMUL/DSETP, BREV/FLO/POPC, IMAD/IMUL before sm_70, F2F/F2I/I2F/I2I/FRND, SHFL, R2UR/REDUX, texture, surface and memory ops, MEMBAR, BMOV, BAR, CS2R, S2R, MATCH; fixed are the float and integer ALU ops, MOV/PRMT/SEL, PLOP3/PSETP, NOP and VOTE.`,
  'nak-sm70-latency':
    `${NAK} @0b142182cb05ae7d22a194b93fcf495ebe2f6163) sm70.rs ShaderModel70::instr_latency and paw_latency, used for Volta: GPR results 6, predicate 13 (guard reads included), uniform 12, uniform predicate 11; on Volta the FP16 ops 13 (GPR) and 15 (predicate), DSETP/HSETP2 guards 15.`,
  'nak-sm75':
    `${NAK} @00fe8e45a0dbbdc2fe6f7c5cab9a3a0f50313f2f) sm75_instr_latencies.rs ("register scheduling information provided by NVIDIA", Turing): SM75Latency::needs_scoreboards and RegLatencySM75::op_category decide variable (Decoupled, RedirectedFP64, HMMA, IMMA) from fixed; latencies are the maximum of read_after_write over reader categories: coupled ALU/FMA/IMAD/IMAD.WIDE/CS2R results 8 (IMMA and CCTL readers; 6 for every other reader, 4-5 ALU to ALU), FP16 results 8; pred_read_after_write: predicates 12 (guards and decoupled readers; 4-5 for ALU readers), FP16 predicates 14; URegLatencySM75: uniform ALU (Udp) results 12, UMOV/ULDC/VOTEU 5, uniform predicates 11 (Udp) and 5 (VOTEU). Load/store readers get 8 instead of the table\'s 6 (see corpus-sm75-memory-read).`,
  'nak-sm80':
    `${NAK} @00fe8e45a0dbbdc2fe6f7c5cab9a3a0f50313f2f) sm80_instr_latencies.rs (Ampere and Ada, "provided by NVIDIA"): SM80Latency::needs_scoreboards and RegLatencySM80::op_category; maximum of read_after_write over readers: coupled ALU/FMA/IMAD.WIDE/CS2R/FP16 results 7 (MMA readers; 6 for the others), HFMA2.MMA results 11; PredLatencySM80::pred_read_after_write: predicates 13; URegLatencySM80: uniform ALU results 12, UMOV/ULDC/VOTEU 5; UPredLatencySM80: 11 (Udp) and 5 (VOTEU).`,
  'nak-visibility':
    `${NAK} @1620d34de55a7d4e58f02843597417d904e619cf) calc_instr_deps.rs calc_delays: an instruction that sets a read or write barrier is scheduled at least 2 cycles before the first instruction waiting on it ("bars[bar] + 2"), on every architecture NAK supports.`,
  'corpus-readme':
    'shared/corpus/README.md, "What the listings rely on": one queue each for global loads, shared loads and texture, completing in order (ptxas leaves loads without a write scoreboard and waits on a later load of the same queue); S2R results not in order; a waiter right after the instruction setting its scoreboard needs a stall of at least 2 on Maxwell; ~13 cycles for Maxwell predicate producers.',
  'corpus-sm75-visibility':
    'shared/corpus/cuassembler/cudatest.7.sm_75.cuasm (CuAssembler @96a9f72b, ptxas for sm_75): every wait on a scoreboard set within the 5 preceding instructions comes at least 2 cycles after the setter issued (20 waits at exactly 2), never 1.',
  'maxas-sgemm-bar':
    'maxas/sgemm_final_128.sass (NervanaSystems/maxas @54eda7af), lines 78-83 and 535-572: STS.128 [R111] with no read barrier, then BAR.SYNC, then LOP.XOR R111 rewrites the address. The hand-scheduled kernel relies on BAR.SYNC waiting until the warp\'s shared-memory instructions have read their operands; modelled as exactly that (results of shared loads are still covered by their scoreboards).',
  'corpus-texture-global-order':
    'cudatest.6.sm_61.cuasm (CuAssembler TestData @96a9f72b), /*0558*/-/*05b0*/: SULD and then LDG both set SB5, and ptxas lets SUST read the SULD result after DEPBAR.LE SB5, 0x1, which is sound only if the LDG cannot complete before the SULD: texture/surface and global loads share one in-order path (the unified L1/texture cache of Maxwell and Pascal). Also /*0488*/-/*0578*/: TEXS results read after DEPBAR.LE SB5, 0x1 with a SULD behind them.',
  'corpus-texture-order':
    'shared/corpus/cuassembler/cudatest.7.sm_75.cuasm /*0670*/-/*0810*/ (TEX, TEX, SULD all on write scoreboard 5, then DEPBAR.LE SB5, 0x1 before both texture results are read) and cudatest.6.sm_61.cuasm /*0488*/-/*05b0*/ (TEXS, TEXS, SULD, DEPBAR.LE SB5, 0x1): texture and surface loads leave one queue in issue order.',
  'corpus-sm75-shared-order':
    'shared/corpus/cuassembler/cudatest.7.sm_75.cuasm /*0130*/-/*0150*/: LDS.U R6, [R6.X4] sets no write scoreboard, LDS.U R9, [R0.X4+0x1010] sets scoreboard 0, and FADD R9, R6, R9 waits on scoreboard 0 only: shared loads complete in issue order on Turing.',
  'ptx-cp-async':
    'NVIDIA PTX ISA, cp.async.wait_group (LDGSTS/LDGDEPBAR/DEPBAR.LE SB0, n in SASS): waits until only N or fewer of the most recent cp.async groups are pending and all prior groups are complete, so the copies complete in issue order.',
  'ptx-mma-fragments':
    'NVIDIA PTX ISA, "Warp-level matrix multiply-accumulate instructions" (mma.sync fragment layouts): per thread, D holds m*n/32 elements, A m*k/32 and B k*n/32 of the stated types; m8n8k4 with .f16 is computed by quad-pairs (8 results, 4 A and 4 B elements per thread).',
  conservative:
    'No source gives this figure; the conservative choice is taken: variable latency through an unordered queue (a missing scoreboard is reported, a hazard is never missed), "none" for instructions without results.',
} as const;

/** A citation key of `SOURCES`. */
export type SourceKey = keyof typeof SOURCES;
