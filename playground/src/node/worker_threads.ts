/**
 * `node:worker_threads` in the page: there are none. The library starts a thread only when asked
 * for several jobs (stream-output timings with `jobs` > 1) or for its asynchronous functions,
 * and the page asks for neither; a call that did would say so instead of failing obscurely.
 */
export class Worker {
  constructor() {
    throw new Error('worker threads are not available in the playground (it checks on the page\'s own thread, one job)');
  }
}
