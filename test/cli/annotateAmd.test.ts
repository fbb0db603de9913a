import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-annotate-amd-'));

describe('hazardproof annotate on AMDGPU assembly', () => {
  it('loosens an over-tight wait (a bundled example with its first reverse-order wait tightened to 0)', async () => {
    const text = readFileSync(join('examples', 'amdgpu', 'loads_reverse_consume.gfx1200.s'), 'utf8').replace(/^\ts_wait_loadcnt 0x7$/m, '\ts_wait_loadcnt 0x0');
    const file = join(scratch, 'tight.gfx1200.s');
    writeFileSync(file, text);
    const { code, stdout } = await cli('annotate', file, '--seed', '1', '--runs', '5');
    expect(code).toBe(0);
    expect(stdout).toContain('line 28: s_wait_loadcnt 0x0 -> loadcnt(7) (proved)');
    expect(stdout).toContain('1 of 9 waits could be looser; loosened function proved-safe');
    expect(stdout).toMatch(/cycles over 5 schedules: LLVM's waits [\d,]+, loosest [\d,]+ \(0\.\d\dx\)/);
    expect(stdout).not.toMatch(/control record|scoreboard/i);
  });

  it('says so when LLVM\'s waits are already the loosest the model proves', async () => {
    const { code, stdout } = await cli('annotate', join('examples', 'amdgpu', 'loads_reverse_consume.gfx1200.s'), '--seed', '1');
    expect(code).toBe(0);
    expect(stdout).toContain('function loads_reverse_consume (gfx1200): 9 wait(s) on 9 line(s)');
    expect(stdout).toContain("LLVM's waits are already the loosest the model proves; function proved-safe");
    expect(stdout).not.toContain('->');
  });

  it('says when a wait line could be removed, and keeps one before a message (it orders memory for other waves)', async () => {
    const text = readFileSync(join('examples', 'amdgpu', 'global_load_store.gfx1100.s'), 'utf8').replace(/^(\tglobal_store_b32[^\n]*\n)/m, '\ts_waitcnt vmcnt(0) lgkmcnt(0)\n$1');
    const file = join(scratch, 'extra.gfx1100.s');
    writeFileSync(file, text);
    const { code, stdout } = await cli('annotate', file, '--seed', '1', '--runs', '2');
    expect(code).toBe(0);
    expect(stdout).toMatch(/line \d+: s_waitcnt vmcnt\(0\) lgkmcnt\(0\) -> no wait on vmcnt, lgkmcnt \(proved; the line could be removed\)/);
    const beforeMessage = join(scratch, 'message.gfx1100.s');
    writeFileSync(beforeMessage, readFileSync(join('examples', 'amdgpu', 'global_load_store.gfx1100.s'), 'utf8').replace(/^(\ts_sendmsg[^\n]*\n)/m, '\ts_waitcnt vmcnt(0) lgkmcnt(0)\n$1'));
    const kept = await cli('annotate', beforeMessage, '--seed', '1', '--runs', '2');
    expect(kept.code).toBe(0);
    expect(kept.stdout).not.toMatch(/->/);
  });

  it('exits 3 and loosens nothing where LLVM\'s waits are not proved safe', async () => {
    const { code, stdout } = await cli('annotate', join('examples', 'amdgpu', 'missing-wait.gfx1100.s'), '--seed', '1');
    expect(code).toBe(3);
    expect(stdout).toMatch(/LLVM's waits are hazard, not proved safe .*: not loosened/);
  });
});
