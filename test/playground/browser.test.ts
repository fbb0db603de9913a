/**
 * The playground in a real browser: builds the page into a scratch folder, opens it in headless
 * Chromium (the system's, never a download) from disk and from `npm run playground`'s server,
 * pastes an example with a known hazard, checks it, and follows the page's own link back. Every
 * request the page makes is recorded: it must load its three files and nothing else. Skips,
 * saying so, where there is no Chromium (`.ci/run` installs Debian's `chromium`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayground, PLAYGROUND_FILES, type PlaygroundBuild } from '../../playground/tools/build.js';
import { servePlayground } from '../../playground/tools/serve.js';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(executablePath);
if (!available) console.log(`playground browser test skipped: no Chromium at ${executablePath}; apt-get install chromium`);

const root = join(import.meta.dirname, '..', '..');
const example = 'examples/sass/missing-wait.sm_75.cuasm';
const exampleText = readFileSync(join(root, example), 'utf8');
/** The lines of the example's hazard: the load that writes R5 and the add that reads it too early. */
const hazardLines = ['15', '17'];

let scratch = '';
let built: PlaygroundBuild;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'hazardproof-playground-'));
  built = await buildPlayground({ outDir: join(scratch, 'site') });
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the playground build', () => {
  it('writes one page, one script and one style sheet, with no Node-only module in the script', () => {
    expect(built.files.map((file) => file.name)).toEqual([...PLAYGROUND_FILES]);
    for (const file of built.files) expect(file.bytes, file.name).toBeGreaterThan(1000);
    expect(built.modules.filter((module) => /z3-solver|api\/worker\/|(^|\/)solver\//.test(module))).toEqual([]);
    // Node's modules the library imports reach the page only as its stand-ins.
    expect(built.modules.filter((module) => module.startsWith('playground/src/node/')).sort()).toEqual(
      ['crypto', 'fs', 'path', 'url', 'worker_threads'].map((name) => `playground/src/node/${name}.ts`));
    const script = readFileSync(join(built.outDir, 'playground.js'), 'utf8');
    expect(script).not.toMatch(/\brequire\(["'](node:)?(fs|worker_threads|child_process)["']\)/);
  });
});

describe.skipIf(!available)('the playground in Chromium', () => {
  let browser: Browser;
  let server: Server | null = null;
  /** Every request the pages made, and those for anything but the page's own files. */
  const requested: string[] = [];
  const outside: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  /** A page that records its requests, and refuses (and records) any outside `origin`. */
  async function newPage(origin: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => outside.push(`page error: ${error.message}`));
    page.on('console', (message) => { if (message.type() === 'error') outside.push(`console error: ${message.text()}`); });
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin)) return route.continue();
      outside.push(url);
      return route.abort();
    });
    return page;
  }

  /** The verdict once a check has drawn it (the headline names it in `data-verdict`). */
  async function verdict(page: Page): Promise<string | null> {
    const headline = page.locator('#verdict');
    await headline.waitFor({ timeout: 15_000 });
    return headline.getAttribute('data-verdict');
  }

  const highlighted = (page: Page) => page.locator('#gutter-lines .hl').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-line')));

  it('checks a pasted listing: verdict, its lines marked in the input, the timeline; its link checks it again untyped', async () => {
    const site = `file://${built.outDir}/`;
    const page = await newPage('file://');
    await page.goto(`${site}index.html`);
    await page.locator('#input').fill(exampleText);
    await page.locator('#file').fill('missing-wait.sm_75.cuasm');
    await page.locator('#check').click();
    expect(await verdict(page)).toBe('hazard');
    expect(await page.locator('#verdict').innerText()).toMatch(/^hazard\s+missing-wait\.sm_75\.cuasm: read as an NVIDIA listing/);
    expect(await page.locator('#reason').innerText()).toBe('1 hazard(s) shown on the reference machine by a concrete schedule');
    expect(await highlighted(page)).toEqual(hazardLines);
    expect(await page.locator('#marks .mark.hl').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-line')))).toEqual(hazardLines);
    // The HTML report's timeline, with the two conflicting events.
    const chart = page.locator('#result svg.gantt:not(.legend)');
    expect(await chart.count()).toBe(1);
    expect(await chart.locator('.conflict[data-role="consumer"]').count()).toBe(1);
    expect(await chart.locator('.conflict[data-role="producer"]').count()).toBe(1);
    expect(await page.locator('#result .finding h3').innerText()).toBe('RAW on R5');

    // A click on the consumer's mark selects its line in the input and keeps the link's fragment.
    const fragment = await page.evaluate('location.hash');
    expect(fragment).toMatch(/^#z=[A-Za-z0-9_-]+$/);
    if (typeof fragment !== 'string') return;
    await chart.locator('.conflict[data-role="consumer"] a').click();
    expect(await page.evaluate('location.hash')).toBe(fragment);
    const selected = await page.locator('#input').evaluate((input) => {
      const area = input as unknown as { value: string; selectionStart: number; selectionEnd: number };
      return area.value.slice(area.selectionStart, area.selectionEnd);
    });
    expect(selected).toContain('FADD R5, R5, c[0x0][0x170]');

    await page.locator('#copy-link').click();
    const link = await page.locator('#link').inputValue();
    expect(link).toBe(`${site}index.html${fragment}`);
    await page.close();

    // The link alone: the input, its name and the verdict come back without typing.
    const again = await newPage('file://');
    await again.goto(link);
    expect(await verdict(again)).toBe('hazard');
    expect(await again.locator('#input').inputValue()).toBe(exampleText);
    expect(await again.locator('#file').inputValue()).toBe('missing-wait.sm_75.cuasm');
    expect(await highlighted(again)).toEqual(hazardLines);
    expect(await again.locator('#result svg.gantt:not(.legend)').count()).toBe(1);

    // Ctrl+Enter checks; a listing that names no architecture is refused, its line marked, until one is picked.
    await again.locator('#file').fill('kernel.cuasm');
    await again.locator('#input').press('Control+Enter');
    await again.locator('.refusal').waitFor({ timeout: 15_000 });
    expect(await again.locator('.refusal .problems').innerText()).toMatch(/does not say which architecture/);
    expect(await again.locator('#gutter-lines .error').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-line')))).toEqual(['1']);
    await again.locator('#architecture').selectOption('sm_75');
    await again.locator('#input').press('Control+Enter');
    expect(await verdict(again)).toBe('hazard');
    expect(await again.locator('.summary .note').innerText()).toMatch(/read as sm_75, the picker's choice/);
    await again.close();

    expect(outside).toEqual([]);
    expect([...new Set(requested.map((url) => url.replace(/#.*$/, '')))].sort()).toEqual(PLAYGROUND_FILES.map((name) => `${site}${name}`).sort());
  });

  it('served by npm run playground\'s server: the examples menu checks each kind; the server hands out the three files only', async () => {
    requested.length = 0;
    const served = await servePlayground(built.outDir, 0);
    server = served.server;
    expect((await fetch(`${served.url}../package.json`)).status).toBe(404);
    expect((await fetch(`${served.url}playground.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const page = await newPage(served.url);
    await page.goto(served.url);
    const labels = await page.locator('#example option').evaluateAll((options) => options.slice(1).map((option) => option.textContent));
    expect(labels.length).toBeGreaterThanOrEqual(5);
    const kinds: string[] = [];
    for (const label of labels) {
      await page.locator('#example').selectOption({ label: label! });
      const file = await page.locator('#file').inputValue();
      await page.waitForFunction(`document.querySelector('#verdict')?.textContent.includes(${JSON.stringify(file)}) ?? false`, null, { timeout: 15_000 });
      kinds.push(`${await page.locator('#verdict').getAttribute('data-kind')} ${await page.locator('#verdict').getAttribute('data-verdict')}`);
    }
    expect(kinds).toEqual(expect.arrayContaining(['listing hazard', 'scoreboard hazard', 'lrc hazard', 'components hazard', 'streamout no-violation-found']));
    // A file dropped on the input replaces the text and the name; Ctrl+Enter checks it.
    const dropped = readFileSync(join(root, 'examples/lrc/war-load-source.hp'), 'utf8');
    const transfer = await page.evaluateHandle(`(() => { const transfer = new DataTransfer(); transfer.items.add(new File([${JSON.stringify(dropped)}], 'war-load-source.hp')); return transfer; })()`);
    await page.locator('#drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
    await expect.poll(() => page.locator('#file').inputValue()).toBe('war-load-source.hp');
    expect(await page.locator('#input').inputValue()).toBe(dropped);
    await page.locator('#input').press('Control+Enter');
    await page.waitForFunction(`document.querySelector('#verdict')?.textContent.includes('war-load-source.hp') ?? false`, null, { timeout: 15_000 });
    expect(await page.locator('#verdict').getAttribute('data-kind')).toBe('lrc');
    await page.close();
    expect(outside).toEqual([]);
    expect([...new Set(requested.map((url) => new URL(url).pathname))].sort()).toEqual(['/', '/playground.css', '/playground.js']);
  });
});
