/**
 * Kernel names as users type them. Since CUDA 13, `cuobjdump -sass` prints demangled names
 * (`Function : saxpy(float, const float *, float *, unsigned int)`, `void foo<128, float>(float
 * *)`, `(anonymous namespace)::k(int)`): spaces, parentheses, `*`, `<>` and `::` in a name that
 * `--kernel` must select and a printed replay command must pass through a shell intact.
 */

/**
 * The names a kernel answers to on the command line, most precise first: its whole name; without
 * its parameter list (`saxpy`, `void foo<128, float>`, `(anonymous namespace)::k`); and that
 * without a return type in front (`foo<128, float>`). A mangled name (`_Z5saxpyfPKfPfj`) or any
 * other without a parameter list answers to itself alone.
 */
export function kernelNames(name: string): string[] {
  const names = [name];
  const parameters = parameterListStart(name);
  if (parameters === null) return names;
  const bare = name.slice(0, parameters).trimEnd();
  if (bare === '') return names;
  names.push(bare);
  // A template function's demangled name begins with its return type, `void foo<...>`: the
  // name proper is the last word outside brackets.
  const lastSpace = topLevelLastSpace(bare);
  if (lastSpace !== null) names.push(bare.slice(lastSpace + 1));
  return [...new Set(names)];
}

/**
 * True when `requested` (a `--kernel` argument) selects the kernel called `name`: it is one of
 * `kernelNames(name)`, white space around it ignored.
 */
export function selectsKernel(name: string, requested: string): boolean {
  return kernelNames(name).includes(requested.trim());
}

/**
 * Where the parameter list at the end of a demangled name opens (the `(` matching the final
 * `)`), or null when the name does not end with one. `(anonymous namespace)::k(int)` -> 22.
 */
function parameterListStart(name: string): number | null {
  if (!name.endsWith(')')) return null;
  let depth = 0;
  for (let at = name.length - 1; at >= 0; at--) {
    const char = name[at]!;
    if (char === ')') depth++;
    else if (char === '(' && --depth === 0) return at === 0 ? null : at;
  }
  return null;
}

/** The last space outside `<>`, `()` and `[]` in a name, or null. */
function topLevelLastSpace(name: string): number | null {
  let depth = 0;
  let last: number | null = null;
  for (let at = 0; at < name.length; at++) {
    const char = name[at]!;
    if ('<(['.includes(char)) depth++;
    else if ('>)]'.includes(char)) depth = Math.max(0, depth - 1);
    else if (char === ' ' && depth === 0) last = at;
  }
  return last;
}

/**
 * A word as a POSIX shell reads it back unchanged: as it is when it holds only characters no
 * shell treats specially, else in single quotes (a `'` inside written `'\''`). For the kernel
 * names and file names of a printed `--kernel NAME --replay ...` command.
 */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
