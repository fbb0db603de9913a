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
 * Runs `work` with the process's Z3 context, initialising Z3 on first use (about 150 ms). Calls are
 * queued: Z3 must never run two checks at once on one context.
 */
export function withZ3<T>(work: (z3: Z3Context) => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    api ??= init();
    const current = context ?? makeContext(await api);
    context = current;
    return work(current);
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Stops Z3's worker threads so the process can exit; the next `withZ3` initialises again. */
export async function releaseZ3(): Promise<void> {
  if (api === null) return;
  const loaded = await api;
  await queue;
  await killThreads(loaded.em);
  api = null;
  context = null;
}
