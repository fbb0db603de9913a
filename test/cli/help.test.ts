import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/commandTable.js';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');

/** The long options a help text offers: every `--name` outside quotes ('...' quotes another command's line, as an example). */
function offeredOptions(usage: string): Set<string> {
  const unquoted = usage.replace(/'[^'\n]*'/g, '');
  return new Set([...unquoted.matchAll(/(?<![\w-])--([a-z0-9][a-z0-9-]*)/g)].map((match) => match[1]!));
}

/** The long options a command's parser accepts (`--help` is every command's, and is tested by running it). */
function acceptedOptions(name: string): Set<string> {
  return new Set(COMMANDS[name]!.options.flatMap((options) => Object.keys(options)).filter((option) => option !== 'help'));
}

describe('help and version', () => {
  for (const [name, command] of Object.entries(COMMANDS)) {
    it(`${name}: --help, -h and 'help ${name}' print its usage and exit 0`, async () => {
      for (const argv of [[name, '--help'], [name, '-h'], ['help', name], ...(command.subcommands ?? []).flatMap((sub) => [[name, sub, '--help'], [name, sub, '-h']])]) {
        const run = await cli(...argv);
        expect(run, argv.join(' ')).toEqual({ code: 0, stdout: `${command.usage}\n`, stderr: '' });
      }
      expect(command.usage).toMatch(new RegExp(`^usage: hazardproof ${name}`));
    });

    it(`${name}: its help mentions every option it accepts, and it accepts every option its help offers`, () => {
      const offered = offeredOptions(command.usage);
      const accepted = acceptedOptions(name);
      expect([...accepted].filter((option) => !offered.has(option)), 'accepted but not in the help').toEqual([]);
      expect([...offered].filter((option) => !accepted.has(option)), 'in the help but not accepted').toEqual([]);
    });
  }

  it('the overview lists every command, and --version prints package.json\'s version', async () => {
    const overview = await cli('--help');
    expect(overview.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(overview.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect((await cli('help')).stdout).toBe(overview.stdout);
    expect((await cli()).stdout).toBe(overview.stdout);
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) expect(await cli(flag)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('help on something that is not a command is a usage error', async () => {
    const run = await cli('help', 'frobnicate');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no help on 'frobnicate': not a command");
  });
});

describe('option names that mean the same thing are the same across commands', () => {
  it('compare takes --runs N like check, fuzz, annotate and streamout run (--schedules N still works)', async () => {
    const file = join(root, 'examples', 'three-textures.hp');
    const byRuns = await cli('compare', file, '--runs', '4', '--seed', '3', '--json');
    const bySchedules = await cli('compare', file, '--schedules', '4', '--seed', '3', '--json');
    expect(byRuns.code).toBe(0);
    expect(JSON.parse(byRuns.stdout).schedules).toBe(4);
    expect(byRuns.stdout).toBe(bySchedules.stdout);
    expect((await cli('compare', file, '--runs', '4', '--schedules', '5')).code).toBe(2);
    expect((await cli('compare', file, '--runs', '0')).stderr).toContain("--runs expects a whole number from 1 to 1000000, got '0'");
  });

  it('fuzz takes --json (the --report-json object on stdout) like the other commands', async () => {
    const run = await cli('fuzz', join(root, 'examples', 'three-textures.hp'), '--seed', '2', '--runs', '100', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ command: 'fuzz', seed: 2, runsPerTarget: 100, exitCode: 0 });
  });

  it('prove takes --seed N like check, fuzz and compare', async () => {
    const run = await cli('prove', join(root, 'examples', 'three-textures.hp'), '--seed', '9', '--json');
    expect(run.code).toBe(0);
    expect((await cli('prove', join(root, 'examples', 'three-textures.hp'), '--seed', 'x')).stderr).toContain("--seed expects a whole number");
  });
});
