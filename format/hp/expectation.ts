import { VERDICTS, type Verdict } from '../../explore/verdict.js';

/** The verdict a program file says it should get: a `# expect: VERDICT [KIND [REGISTER]]` comment (`//` or, in assembly, `;` also start it). */
export interface Expectation {
  readonly verdict: Verdict;
  /** For `hazard`: the kind (RAW, WAR, WAW, overflow, deadlock) one of the hazards must have. */
  readonly kind: string | null;
  /** For `hazard`: the register that hazard must be on. */
  readonly register: string | null;
  readonly line: number;
}

const PATTERN = /^\s*(?:#|\/\/|;)\s*expect:\s*(\S+)(?:\s+(RAW|WAR|WAW|overflow|deadlock))?(?:\s+(\S+))?\s*$/;

/** Finds the expectation comment of a program text, or null if there is none (or it names no verdict). */
export function readExpectation(text: string): Expectation | null {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const match = PATTERN.exec(lines[index]!);
    if (!match || !VERDICTS.includes(match[1] as Verdict)) continue;
    return { verdict: match[1] as Verdict, kind: match[2] ?? null, register: match[3] ?? null, line: index + 1 };
  }
  return null;
}
