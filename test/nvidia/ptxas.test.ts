/**
 * NVIDIA's assembler in the loop (`npm run setup:nvidia` unpacks ptxas and cuobjdump 11.8 and 12.5
 * from Debian's non-free archive; without them this test skips, saying so): the bundled PTX
 * kernels (examples/ptx/kernels.ptx) assembled for every architecture from sm_52 to sm_90a at -O3
 * and -O0, disassembled, and no certain-hazard mutant of ptxas' output may be proved safe (the
 * soundness campaign's law on code no one fitted the model to).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../format/packageRoot.js';
import { soundnessCampaign, soundnessTable } from '../../impl/soundness/campaign.js';

const cache = process.env.HAZARDPROOF_CUDA_CACHE ?? join(packageRoot(), 'node_modules', '.cache', 'hazardproof-cuda');
/** ptxas and cuobjdump of a release, or null when not unpacked. */
function tools(version: string): { ptxas: string; cuobjdump: string } | null {
  const bin = join(cache, version, 'usr', 'bin');
  return existsSync(join(bin, 'ptxas')) && existsSync(join(bin, 'cuobjdump')) ? { ptxas: join(bin, 'ptxas'), cuobjdump: join(bin, 'cuobjdump') } : null;
}

/** Each release with the architectures it assembles here, and the PTX version they need. */
const RELEASES = [
  { version: '11.8', ptx: '7.8', architectures: ['sm_52', 'sm_61', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90'] },
  { version: '12.5', ptx: '8.0', architectures: ['sm_90a'] },
];

const missing = RELEASES.filter((release) => tools(release.version) === null).map((release) => release.version);
if (missing.length > 0) console.log(`ptxas test: NVIDIA tools ${missing.join(' and ')} are not unpacked (npm run setup:nvidia): those releases skip`);

describe('ptxas output of the bundled PTX kernels', () => {
  for (const release of RELEASES) {
    const found = tools(release.version);
    it.skipIf(found === null)(`ptxas ${release.version}: no certain-hazard mutant is proved safe (${release.architectures.join(', ')}, -O3 and -O0)`, () => {
      const folder = mkdtempSync(join(tmpdir(), `hazardproof-ptxas-${release.version}-`));
      const ptx = readFileSync(join(packageRoot(), 'examples', 'ptx', 'kernels.ptx'), 'utf8');
      const files: string[] = [];
      for (const architecture of release.architectures) {
        const source = join(folder, `kernels.${architecture}.ptx`);
        writeFileSync(source, ptx.replace(/^\.version .*$/m, `.version ${release.ptx}`).replace(/^\.target .*$/m, `.target ${architecture}`));
        for (const level of ['3', '0']) {
          const cubin = join(folder, `kernels.${architecture}.O${level}.cubin`);
          const assembled = spawnSync(found!.ptxas, [`-arch=${architecture}`, `-O${level}`, source, '-o', cubin], { encoding: 'utf8' });
          expect(assembled.status, assembled.stderr).toBe(0);
          const dump = spawnSync(found!.cuobjdump, ['-sass', cubin], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
          expect(dump.status, dump.stderr).toBe(0);
          const listing = join(folder, `kernels.${architecture}.O${level}.sass`);
          writeFileSync(listing, dump.stdout);
          files.push(listing);
        }
      }
      const report = soundnessCampaign(files, { perFile: 12, seed: 1 });
      console.log([`ptxas ${release.version}:`, ...soundnessTable(report)].join('\n'));
      expect(report.skipped).toEqual([]);
      expect(report.failures).toEqual([]);
      expect(report.rows.reduce((sum, row) => sum + row.mutants, 0)).toBeGreaterThan(5 * files.length);
      // ptxas and cuobjdump run 16 times: well over vitest's default on a loaded 2-core machine.
    }, 300_000);
  }
});
