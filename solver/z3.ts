import { init, killThreads } from 'z3-solver';

type Api = Awaited<ReturnType<typeof init>>;
/** The Z3 context all hazardproof queries use. */
export type Z3Context = ReturnType<typeof makeContext>;

function makeContext(loaded: Api) {
  return loaded.Context('hazardproof');
}

let api: Promise<Api> | null = null;
let context: Z3Context | null = null;
let queue: Promise<unknown> = Promise.resolve();

/**
 * z3-solver frees Z3 objects from a FinalizationRegistry when JavaScript collects them. A check
 * runs on a worker thread while the main thread is idle, so a collection during a check makes
 * the main thread free objects the worker is using: Z3's heap gets corrupted ("memory access
 * out of bounds"). The registry z3-solver creates in `init()` is therefore this one: it queues
 * the releases, and `withZ3` runs them between queries, when no check is running.
 */
const pendingReleases: (() => void)[] = [];
class DeferredFinalizationRegistry<T> extends FinalizationRegistry<T> {
  constructor(release: (held: T) => void) {
    super((held) => pendingReleases.push(() => release(held)));
  }
}

async function loadZ3(): Promise<Api> {
  // init() creates its registry after loading the WebAssembly module, so the swap lasts until it resolves.
  const original = globalThis.FinalizationRegistry;
  globalThis.FinalizationRegistry = DeferredFinalizationRegistry;
  try {
    return await init();
  } finally {
    globalThis.FinalizationRegistry = original;
  }
}

function runPendingReleases(): void {
  // A large query leaves millions of releases; shift() per release made this quadratic (minutes at 256 instructions).
  while (pendingReleases.length > 0) {
    for (const release of pendingReleases.splice(0)) release();
  }
}

/**
 * Runs `work` with the process's Z3 context, initialising Z3 on first use (about 150 ms). Calls are
 * queued: Z3 must never run two checks at once on one context.
 */
export function withZ3<T>(work: (z3: Z3Context) => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    api ??= loadZ3();
    const current = context ?? makeContext(await api);
    context = current;
    try {
      return await work(current);
    } finally {
      runPendingReleases();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Makes sure Z3 is running: initialisation if needed, then one trivial check with each kind of
 * solver hazardproof uses, a plain one and an optimizing one with an objective (the first check
 * starts a worker thread, and each kind's first run compiles its part of Z3's WebAssembly).
 * Returns how long that took in ms (a few when Z3 was running), so that timings taken
 * afterwards are the queries' own.
 */
export async function startZ3(): Promise<number> {
  const started = performance.now();
  await withZ3(async (z3) => {
    const solver = new z3.Solver();
    solver.add(z3.Bool.const('warm_up_flag'));
    await solver.check();
    const optimizer = new z3.Optimize();
    const value = z3.Int.const('warm_up_value');
    optimizer.add(value.ge(0));
    optimizer.minimize(value);
    await optimizer.check();
  });
  return performance.now() - started;
}

/** Stops Z3's worker threads so the process can exit; the next `withZ3` initialises again. */
export async function releaseZ3(): Promise<void> {
  if (api === null) return;
  const loaded = await api;
  await queue;
  await killThreads(loaded.em);
  pendingReleases.length = 0;
  api = null;
  context = null;
}
