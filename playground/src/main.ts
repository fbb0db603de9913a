/**
 * The playground page: an input with line numbers, the options a check depends on, the check
 * itself (`engine.ts`, on this thread), and its report drawn by the HTML report's own code
 * (`renderHtmlReport`: the same sections, findings and SVG timelines as `check --html`). The
 * input and options live in the URL fragment (`fragment.ts`), so a link repeats the check.
 */
import { EXAMPLES } from 'playground:examples';
import { renderHtmlReport } from '../../reports/html/page.js';
import { checkText, DEFAULT_PLAYGROUND_TIMEOUT_MS, PLAYGROUND_ARCHITECTURES, type PlaygroundOutcome, type PlaygroundRequest } from './engine.js';
import { decodeState, encodeState, isStateFragment, type PlaygroundState } from './fragment.js';

/** The element with this id, of this type; the page's markup is fixed, so a missing one is a bug of the build. */
function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the playground page has no #${id}`);
  return found;
}

const input = element('input', HTMLTextAreaElement);
const fileName = element('file', HTMLInputElement);
const architecture = element('architecture', HTMLSelectElement);
const seedInput = element('seed', HTMLInputElement);
const exampleMenu = element('example', HTMLSelectElement);
const openFile = element('open', HTMLInputElement);
const checkButton = element('check', HTMLButtonElement);
const copyButton = element('copy-link', HTMLButtonElement);
const linkField = element('link', HTMLInputElement);
const status = element('status', HTMLParagraphElement);
const result = element('result', HTMLElement);
const gutterLines = element('gutter-lines', HTMLDivElement);
const marks = element('marks', HTMLDivElement);
const dropZone = element('drop-zone', HTMLDivElement);

/** Height of one input line in pixels and the text's top padding: the style sheet's `--line` and `--pad`, which marks are placed by. */
function lineMetrics(): { line: number; pad: number } {
  const style = getComputedStyle(input);
  return { line: parseFloat(style.lineHeight) || 18, pad: parseFloat(style.paddingTop) || 0 };
}

/** Lines of the input the last check pointed at: findings' lines, and lines with an input mistake. */
const pointed = { findings: new Set<number>(), errors: new Set<number>() };

/** Redraws the line numbers and the line marks behind the text (after an edit, a check or a scroll). */
function drawGutter(): void {
  const count = input.value.split('\n').length;
  if (gutterLines.childElementCount !== count || gutterLines.dataset['marked'] !== markKey()) {
    const fragment = document.createDocumentFragment();
    for (let line = 1; line <= count; line++) {
      const number = document.createElement('span');
      number.textContent = String(line);
      number.dataset['line'] = String(line);
      if (pointed.findings.has(line)) number.classList.add('hl');
      if (pointed.errors.has(line)) number.classList.add('error');
      fragment.append(number);
    }
    gutterLines.replaceChildren(fragment);
    gutterLines.dataset['marked'] = markKey();
    const { line, pad } = lineMetrics();
    const bars = document.createDocumentFragment();
    for (const [lines, kind] of [[pointed.findings, 'hl'], [pointed.errors, 'error']] as const) {
      for (const number of lines) {
        if (number > count) continue;
        const bar = document.createElement('div');
        bar.className = `mark ${kind}`;
        bar.dataset['line'] = String(number);
        // Set through the style object, which the page's content security policy allows (a style attribute in markup it would not).
        bar.style.top = `${pad + (number - 1) * line}px`;
        bar.style.height = `${line}px`;
        bars.append(bar);
      }
    }
    marks.replaceChildren(bars);
  }
  syncScroll();
}

/** What the gutter was last drawn for: the marked lines (a redraw is needed when they change, not only the line count). */
function markKey(): string {
  return `${[...pointed.findings].join(',')}|${[...pointed.errors].join(',')}`;
}

/** Keeps the line numbers and marks under the text as it scrolls. */
function syncScroll(): void {
  gutterLines.style.transform = `translateY(${-input.scrollTop}px)`;
  marks.style.transform = `translate(${-input.scrollLeft}px, ${-input.scrollTop}px)`;
}

/** Selects a line of the input and scrolls it into view (a click on a finding's line or an error). */
function selectLine(line: number): void {
  const lines = input.value.split('\n');
  if (line < 1 || line > lines.length) return;
  const start = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
  input.focus();
  input.setSelectionRange(start, start + lines[line - 1]!.length);
  const { line: height } = lineMetrics();
  input.scrollTop = Math.max(0, (line - 1) * height - input.clientHeight / 3);
  syncScroll();
}

/** The options as the page holds them now. */
function currentState(): PlaygroundState {
  const seedText = seedInput.value.trim();
  const seed = /^\d+$/.test(seedText) ? Number(seedText) : null;
  return { text: input.value, file: fileName.value.trim() || 'input', architecture: architecture.value || null, seed: seed !== null && Number.isSafeInteger(seed) ? seed : null };
}

/** Puts a state into the page's fields. */
function showState(state: PlaygroundState): void {
  input.value = state.text;
  fileName.value = state.file;
  architecture.value = state.architecture !== null && PLAYGROUND_ARCHITECTURES.includes(state.architecture) ? state.architecture : '';
  seedInput.value = state.seed === null ? '' : String(state.seed);
  clearPointers();
}

function clearPointers(): void {
  pointed.findings.clear();
  pointed.errors.clear();
  drawGutter();
}

/** Whether a check is running (the thread is busy then, but the button's state shows it). */
let running = false;

/** Checks the input as it stands, writes the state into the address, and shows the report. */
async function runCheck(): Promise<void> {
  if (running) return;
  const seedText = seedInput.value.trim();
  if (seedText !== '' && !/^\d+$/.test(seedText)) {
    status.textContent = `the seed is a whole number from 0 to ${2 ** 32 - 1}, or empty for the input's own`;
    return;
  }
  running = true;
  checkButton.disabled = true;
  const state = currentState();
  status.textContent = 'checking…';
  result.setAttribute('aria-busy', 'true');
  try {
    await updateAddress(state);
    // Let the page paint "checking…" before the search takes the thread.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const started = performance.now();
    const request: PlaygroundRequest = { ...state, timeoutMs: DEFAULT_PLAYGROUND_TIMEOUT_MS };
    const outcome = await checkText(request);
    showOutcome(outcome, state);
    status.textContent = `checked in ${((performance.now() - started) / 1000).toFixed(2)} s, on this page`;
  } finally {
    running = false;
    checkButton.disabled = false;
    result.removeAttribute('aria-busy');
  }
}

/** Writes the state into the address's fragment (without a history entry per check) and into the link field. */
async function updateAddress(state: PlaygroundState): Promise<void> {
  const fragment = await encodeState(state);
  history.replaceState(null, '', `#${fragment}`);
  linkField.value = location.href;
}

/** Draws a check's outcome: the verdict, the reason, the report's sections, the lines pointed at. */
function showOutcome(outcome: PlaygroundOutcome, state: PlaygroundState): void {
  pointed.findings.clear();
  pointed.errors.clear();
  if (!outcome.ok) {
    for (const problem of outcome.problems) pointed.errors.add(problem.line);
    const box = document.createElement('div');
    box.className = 'refusal';
    box.dataset['cause'] = outcome.cause;
    const heading = document.createElement('h2');
    heading.append(badge(`${outcome.cause} error`, 'bad'));
    const list = document.createElement('ul');
    list.className = 'problems';
    const problems = outcome.problems.length > 0 ? outcome.problems : null;
    if (problems === null) {
      const item = document.createElement('li');
      item.textContent = outcome.message;
      list.append(item);
    } else {
      for (const problem of problems.slice(0, 100)) {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = '#';
        link.textContent = `line ${problem.line}:${problem.column}`;
        link.addEventListener('click', (event) => { event.preventDefault(); selectLine(problem.line); });
        item.append(link, `: ${problem.message}`);
        list.append(item);
      }
    }
    box.append(heading, list);
    result.replaceChildren(box);
    drawGutter();
    return;
  }
  for (const line of outcome.highlightedLines) pointed.findings.add(line);
  // The HTML report's own page for these sections; the playground keeps its main part and its key to the charts.
  const page = renderHtmlReport({ title: 'hazardproof playground', command: outcome.command, facts: [], sections: outcome.sections, summary: [], legend: outcome.legend });
  // Its body only: the head's style sheet is the page's own already (playground.css), and a parsed <style> would trip the page's content security policy.
  const parsed = new DOMParser().parseFromString(page.slice(page.indexOf('<body>')), 'text/html');
  const summary = document.createElement('div');
  summary.className = 'summary';
  const headline = document.createElement('h2');
  headline.id = 'verdict';
  headline.dataset['verdict'] = outcome.verdict;
  headline.dataset['kind'] = outcome.kind;
  headline.append(badge(outcome.verdict, tone(outcome.verdict)), ` ${state.file}: read as ${KIND_NAMES[outcome.kind]}`);
  const reason = document.createElement('p');
  reason.id = 'reason';
  reason.className = 'reason';
  reason.textContent = outcome.reason;
  summary.append(headline, reason);
  for (const note of outcome.notes) {
    const line = document.createElement('p');
    line.className = 'note';
    line.textContent = note;
    summary.append(line);
  }
  const command = document.createElement('p');
  command.className = 'command';
  const code = document.createElement('code');
  code.textContent = outcome.command;
  command.append('the same check from a file of this name: ', code);
  summary.append(command);
  const legend = parsed.querySelector('p.legend-line');
  const main = parsed.querySelector('main');
  result.replaceChildren(summary, ...(legend ? [document.adoptNode(legend)] : []), ...(main ? [...main.childNodes].map((node) => document.adoptNode(node)) : []));
  drawGutter();
}

/** What each kind is called on the page. */
const KIND_NAMES = {
  scoreboard: 'a scoreboard program', lrc: 'an LRC program', listing: 'an NVIDIA listing', components: 'a component program', ir3: 'an Adreno ir3 listing', streamout: 'a stream-output scenario',
} as const;

/** The report's colour for a verdict (its style sheet's classes). */
function tone(verdict: string): 'bad' | 'good' | 'unknown' | 'neutral' {
  if (['hazard', 'violation'].includes(verdict)) return 'bad';
  if (['proved-safe', 'proved'].includes(verdict)) return 'good';
  return verdict === 'unknown' ? 'unknown' : 'neutral';
}

function badge(text: string, kind: ReturnType<typeof tone>): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = `verdict verdict-${kind}`;
  span.textContent = text;
  return span;
}

/**
 * Links inside the page point at its own anchors (`#f1-L14`, a source line in the report;
 * `#left-out`); followed, they would replace the fragment that holds the input. The page goes to
 * the anchor instead: it opens a closed section, marks a report's listing line, and selects the
 * same line in the input.
 */
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest('a');
  const href = link?.getAttribute('href') ?? null;
  if (href === null || !href.startsWith('#') || href === '#') return;
  event.preventDefault();
  const target = document.getElementById(decodeURIComponent(href.slice(1)));
  if (target === null) return;
  if (target instanceof HTMLDetailsElement) target.open = true;
  for (const old of result.querySelectorAll('.targeted')) old.classList.remove('targeted');
  target.classList.add('targeted');
  target.scrollIntoView({ block: 'center' });
  const line = /-L(\d+)$/.exec(href)?.[1];
  if (line !== undefined && result.contains(target)) selectLine(Number(line));
});

/** Copies the link, through the clipboard where the page may use it, else by selecting the link field. */
async function copyLink(): Promise<void> {
  await updateAddress(currentState());
  try {
    await navigator.clipboard.writeText(linkField.value);
    status.textContent = 'link copied: it opens this input and checks it';
  } catch {
    // A page opened from disk (file://) may not use the clipboard: the link is selected for Ctrl+C.
    linkField.focus();
    linkField.select();
    status.textContent = 'the link is selected: Ctrl+C copies it';
  }
}

/** Loads the state a fragment carries and checks it; says so when the fragment cannot be read. */
async function openFragment(fragment: string): Promise<void> {
  const state = await decodeState(fragment);
  if (state === null) {
    status.textContent = 'the link\'s input could not be read (cut short?): nothing was loaded';
    return;
  }
  showState(state);
  await runCheck();
}

/** Replaces the input with a file's text and name (a drop or the file button). */
async function openDroppedFile(file: File): Promise<void> {
  input.value = await file.text();
  fileName.value = file.name;
  clearPointers();
  status.textContent = `${file.name}: ${input.value.split('\n').length} lines; Check (Ctrl+Enter) checks it`;
}

for (const [index, example] of EXAMPLES.entries()) {
  const option = document.createElement('option');
  option.value = String(index);
  option.textContent = example.label;
  exampleMenu.append(option);
}
for (const name of PLAYGROUND_ARCHITECTURES) {
  const option = document.createElement('option');
  option.value = name;
  option.textContent = name;
  architecture.append(option);
}

exampleMenu.addEventListener('change', () => {
  const example = EXAMPLES[Number(exampleMenu.value)];
  if (exampleMenu.value === '' || example === undefined) return;
  showState({ text: example.text, file: example.file, architecture: null, seed: null });
  exampleMenu.value = '';
  void runCheck();
});
checkButton.addEventListener('click', () => void runCheck());
copyButton.addEventListener('click', () => void copyLink());
input.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    void runCheck();
  }
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && event.target !== input) {
    event.preventDefault();
    void runCheck();
  }
});
input.addEventListener('input', () => {
  // The marks belong to the text that was checked; an edit takes them away.
  if (pointed.findings.size > 0 || pointed.errors.size > 0) clearPointers();
  else drawGutter();
});
input.addEventListener('scroll', syncScroll);
openFile.addEventListener('change', () => {
  const file = openFile.files?.[0];
  if (file) void openDroppedFile(file);
  openFile.value = '';
});
dropZone.addEventListener('dragover', (event) => {
  event.preventDefault();
  dropZone.classList.add('dragging');
});
dropZone.addEventListener('dragleave', () => dropZone.classList.remove('dragging'));
dropZone.addEventListener('drop', (event) => {
  event.preventDefault();
  dropZone.classList.remove('dragging');
  const file = event.dataTransfer?.files[0];
  if (file) void openDroppedFile(file);
});
// A link pasted into the address bar of an open page changes only the fragment.
window.addEventListener('hashchange', () => {
  if (isStateFragment(location.hash)) void openFragment(location.hash);
});

drawGutter();
if (isStateFragment(location.hash)) void openFragment(location.hash);
