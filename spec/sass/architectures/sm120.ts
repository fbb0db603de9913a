/**
 * Consumer Blackwell: sm_120 (RTX 50), sm_121 (GB10), and their `a`/`f` variants, the
 * architectures Mesa NAK's `is_blackwell_b` covers (sm 120..129). NAK's B100 figures with its
 * RTX padding of 9 cycles on every pair with an HMMA writer or reader, which ptxas for sm_120
 * schedules exactly (28 cycles to ordinary readers, 29 to a dependent MMA); the other pairs at
 * the B100 figures ptxas schedules them at, not NAK's blanket +1. IMMA pairs take NAK's later
 * RTX padding of 5 (writer or reader; `nak-sm120-imma`), as upper bounds only: no sm_120 listing
 * at hand uses IMMA, and a padding is no lower bound. HMMA, QMMA and OMMA are
 * fixed-latency as ptxas treats them (it never sets their write scoreboard). FP64 results,
 * shuffles, MUFU and the conversions complete in order, and global and local memory operations
 * read their operands in order, as ptxas relies on. No DMMA (FP64 tensor cores are
 * datacenter-only).
 */
import type { ArchitectureTable, OpcodeInfo } from '../architecture.js';
import { blackwellTable } from './blackwell.js';

const TABLE = blackwellTable({
  name: 'sm_120',
  aliases: ['sm_120a', 'sm_120f', 'sm_121', 'sm_121a', 'sm_121f'],
  source: 'nak-sm120',
  // NAK's RTX padding of IMMA pairs (+5, writer or reader), which no ptxas listing at hand shows
  // (none for sm_120 uses IMMA): proof side only.
  padding: { hmma: 9, imma: 5, other: 0 },
  immaSource: 'nak-sm120-imma',
  // FP8/FP6/FP4 MMA (QMMA, OMMA): ptxas gives them HMMA's schedule (no scoreboard, 29 and 28 cycles).
  hmma: { kind: 'fixed', source: 'corpus-sm120-mma', alike: ['QMMA', 'OMMA'] },
  extra: {},
  // ptxas leaves I2F.U16.RZ without a write scoreboard and reads its result after waiting on a
  // later MUFU's: MUFU and the conversions complete in issue order, as FP64 ops and shuffles do.
  orderedPipes: { fp64: 'corpus-fp64-order', shuffle: 'corpus-sm120-shuffle-order', sfu: 'corpus-sm120-sfu-order' },
  // ptxas overwrites an earlier global load's address register after waiting only on a later
  // load's read scoreboard, and a spilled register after a later local operation's: global and
  // local memory operations read their operands in issue order. No listing shows their results
  // completing in order, so that stays unknown.
  readOrders: { global: 'corpus-sm120-global-read-order', local: 'corpus-sm120-local-read-order' },
  inferredClasses: {
    IADD: { latencyClass: 'fp16', source: 'corpus-sm120-classes' },
    VIMNMX: { latencyClass: 'fp16', source: 'corpus-sm120-classes' },
    I2FP: { latencyClass: 'disp', source: 'corpus-sm120-classes' },
    UI2FP: { latencyClass: 'udp', source: 'corpus-sm120-classes' },
    UI2F: { latencyClass: 'udp', source: 'corpus-sm120-classes' },
    UFSEL: { latencyClass: 'udp', source: 'corpus-sm120-classes' },
    CS2UR: { latencyClass: 'r2ur', source: 'corpus-sm120-classes', results: 'uniform' },
    STSM: { latencyClass: 'imadWide', source: 'corpus-sm120-classes' },
  },
});

/**
 * ATOM and ATOMG write their predicate output (`ATOM.E.ADD.64.STRONG.GPU P0, RZ, ...`: whether a
 * generic address was global memory) when they read their operands, and release the scoreboard
 * in their read field then: CUDA 12.8's cuobjdump prints that field as `&wr_early` on this form,
 * and ptxas reads the predicate after waiting on it alone (ptxas-sm120-atom-predicate). Their
 * register result still lands when they complete. REDG (`red.global`) is RED's entry, as NAK
 * classifies every atomic (a scoreboarded memory operation).
 */
const ATOMICS: Readonly<Record<string, OpcodeInfo>> = {
  ...Object.fromEntries(['ATOM', 'ATOMG'].map((name) => [name, { ...TABLE.opcodes[name]!, earlyPredicates: 'ptxas-sm120-atom-predicate' }])),
  REDG: TABLE.opcodes['RED']!,
};

export const SM120: ArchitectureTable = { ...TABLE, opcodes: { ...TABLE.opcodes, ...ATOMICS } };
