import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../cli/run.js';
import { editedTrace } from './streamTraces.js';

/**
 * The HTML report in a real browser: headless Chromium (the system's, never a download) opens the
 * generated pages from disk with every other request refused, and checks what it renders. Skips,
 * saying so, where there is no Chromium (`.ci/run` installs Debian's `chromium`).
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(executablePath);
if (!available) console.log(`browser test skipped: no Chromium at ${executablePath}; apt-get install chromium`);

const root = join(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-browser-'));

describe.skipIf(!available)('the HTML report in Chromium', () => {
  let browser: Browser;
  /** Requests for anything but the page's own file, which the page must never make. */
  const outside: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens a page from disk, refusing (and recording) every request that is not for a local file. */
  async function open(file: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    await page.goto(`file://${file}`);
    return page;
  }

  it('draws a scoreboard hazard: the lanes, the marks, the two conflicting events of --json, linked to their source lines', async () => {
    const file = 'examples/three-textures-unsafe.hp';
    const report = join(scratch, 'check.html');
    expect((await cli('check', file, '--seed', '1', '--html', report)).code).toBe(1);
    const json = JSON.parse((await cli('check', file, '--seed', '1', '--json')).stdout) as { hazards: { producer: number; consumer: number; cycle: number; producerLine: number; consumerLine: number }[] };
    const hazard = json.hazards[0]!;
    const page = await open(report);
    const chart = page.locator('svg.gantt:not(.legend)').first();
    await expect.poll(() => chart.isVisible()).toBe(true);
    expect(await chart.locator('[data-lane]').evaluateAll((lanes) => lanes.map((lane) => lane.getAttribute('data-lane')))).toEqual(['warp:0', 'pipe:tex', 'pipe:alu', 'scoreboard:SB0']);
    expect(await chart.locator('[data-lane="warp:0"] [data-mark="issue"]').count()).toBe(7);
    expect(await chart.locator('[data-lane="pipe:tex"] [data-mark="write"]').getAttribute('data-cycle')).toBe('2');
    const consumer = chart.locator('.conflict[data-role="consumer"]');
    const producer = chart.locator('.conflict[data-role="producer"]');
    expect(await consumer.getAttribute('data-instruction')).toBe(String(hazard.consumer));
    expect(await consumer.getAttribute('data-cycle')).toBe(String(hazard.cycle));
    expect(await producer.getAttribute('data-instruction')).toBe(String(hazard.producer));
    expect(await producer.boundingBox()).not.toBeNull();
    // Clicking the consumer's mark goes to its source line, which lights up.
    await consumer.locator('a').click();
    expect(await page.evaluate('location.hash')).toBe(`#f1-L${hazard.consumerLine}`);
    expect(await page.locator(':target').getAttribute('data-line')).toBe(String(hazard.consumerLine));
    expect(await page.evaluate(`getComputedStyle(document.querySelector(':target')).backgroundColor`)).toBe('rgb(255, 224, 138)');
    expect(await page.locator(':target').innerText()).toContain('FMUL R4 <- R1, R1');
    const screenshot = join(scratch, 'check.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);
    expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG');
    await page.close();
    expect(outside).toEqual([]);
  });

  it('draws a stream-output counterexample: SO units, SSYNC, byte ranges, the failing trace line highlighted and linked', async () => {
    const { trace, failingLine } = await editedTrace(scratch);
    const report = join(scratch, 'stream.html');
    expect((await cli('streamout', 'check', trace, '--html', report)).code).toBe(1);
    const page = await open(report);
    const steps = page.locator('svg.gantt:not(.legend):not(.buffer-ranges)').first();
    expect(await steps.locator('[data-lane]').evaluateAll((lanes) => lanes.map((lane) => lane.getAttribute('data-lane')))).toEqual(['wd', 'ssync', 'unit:0', 'unit:1', 'unit:2', 'unit:3']);
    const violating = steps.locator('.conflict');
    expect(await violating.count()).toBe(1);
    expect(await violating.getAttribute('data-step')).toBe(String(failingLine));
    expect(await violating.getAttribute('data-mark')).toBe('response');
    // The chart opens scrolled to its end, where the violating step is.
    const box = await violating.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThan(0);
    expect(box!.x).toBeLessThan(1400);
    const buffer = page.locator('svg.buffer-ranges').first();
    expect(await buffer.locator('[data-lane]').evaluateAll((lanes) => lanes.map((lane) => lane.getAttribute('data-lane')))).toEqual(expect.arrayContaining(['buffer:0:expected', 'buffer:0:unit:0']));
    expect(await buffer.locator('[data-range="written"]').count()).toBeGreaterThan(0);
    await violating.locator('a').click();
    expect(await page.locator(':target').getAttribute('data-line')).toBe(String(failingLine));
    expect(await page.locator(':target').innerText()).toContain('"step":"response"');
    const screenshot = join(scratch, 'stream.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);
    await page.close();
    expect(outside).toEqual([]);
  });
});
