/**
 * ir3 opcode roots (the part before the first `.`) by category, as Mesa's lexer and
 * disassembler know them (src/freedreno/ir3/ir3_lexer.l, disasm-a3xx.c). The category decides
 * timing: 1-3 are ALU, 4 the special-function unit, 5 texture, 6 memory, 0 flow, 7 barriers.
 */
const BY_CATEGORY: readonly (readonly string[])[] = [
  ['nop', 'br', 'brao', 'braa', 'brac', 'bany', 'ball', 'brax', 'jump', 'call', 'ret', 'kill', 'demote', 'end', 'emit',
    'cut', 'chmask', 'chsh', 'flow_rev', 'bkt', 'stks', 'stkr', 'xset', 'xclr', 'getlast', 'getone', 'dbg', 'shps', 'shpe',
    'predt', 'predf', 'prede', 'raw', 'print'],
  ['mov', 'cov', 'mova', 'mova1', 'movmsk', 'swz', 'gat', 'sct', 'movs'],
  ['add', 'min', 'max', 'mul', 'sign', 'cmps', 'absneg', 'cmpv', 'floor', 'ceil', 'rndne', 'rndaz', 'trunc', 'sub', 'and',
    'or', 'not', 'xor', 'mull', 'bfrev', 'clz', 'shl', 'shr', 'ashr', 'bary', 'flat', 'mgen', 'getbit', 'setrm', 'cbits',
    'shb', 'msad'],
  ['mad', 'madsh', 'sel', 'sad', 'shrm', 'shlm', 'shrg', 'shlg', 'andg', 'dp2acc', 'dp4acc', 'wmm'],
  ['rcp', 'rsq', 'log2', 'exp2', 'sin', 'cos', 'sqrt', 'hrsq', 'hlog2', 'hexp2'],
  ['isam', 'isaml', 'isamm', 'sam', 'samb', 'saml', 'samgq', 'getlod', 'conv', 'convm', 'getsize', 'getbuf', 'getpos',
    'getinfo', 'dsx', 'dsy', 'gather4r', 'gather4g', 'gather4b', 'gather4a', 'samgp0', 'samgp1', 'samgp2', 'samgp3',
    'dsxpp', 'dsypp', 'rgetpos', 'rgetinfo', 'brcst', 'quad_shuffle', 'tcinv'],
  ['ldg', 'ldl', 'ldp', 'ldib', 'g2l', 'ldlw', 'resfmt', 'resinfo', 'resbase', 'atomic', 'ldgb', 'ldc', 'ldlv', 'getspid',
    'getwid', 'getfiberid', 'shfl', 'ray_intersection', 'pipr', 'pipc', 'endls', 'stg', 'stl', 'stp', 'stlw', 'stib',
    'stgb', 'stc', 'stsc', 'l2g', 'prefetch'],
  ['alias', 'bar', 'fence', 'sleep', 'icinv', 'dccln', 'dcinv', 'dcflu', 'ccinv', 'lock', 'unlock'],
];

/** Opcode root -> category (0..7). */
export const OPCODE_CATEGORY: Readonly<Record<string, number>> = Object.fromEntries(
  BY_CATEGORY.flatMap((roots, category) => roots.map((root) => [root, category] as const)),
);

/** The category of an opcode as written (`mad.f32` -> 3), or null for an unknown root. */
export function categoryOf(opcode: string): number | null {
  const root = opcode.split('.')[0]!;
  return Object.hasOwn(OPCODE_CATEGORY, root) ? OPCODE_CATEGORY[root]! : null;
}
