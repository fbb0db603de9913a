import { batchesOf, type StreamScenario } from '../../spec/streamout/scenario.js';

/**
 * The protocol as a Promela model for SPIN, for one stream-output operation (enable, work,
 * disable): work distribution (IDs with wrap and phase, tokens, retirement, free dispatch of
 * tasks to SO units), SSYNC (token count, message table, serving one batch and task at a time)
 * and the SO units (first request, then second request and response in either order). SPIN
 * checks the assertions (each task gets the offsets of the driver-order layout; one message per
 * table slot; a batch ID retired only while in flight) and, as invalid end states, deadlocks.
 * Data writes and overflow are not in this model (the offsets decide where data goes).
 */
export function promelaModel(scenario: StreamScenario): string {
  const { packets } = scenario;
  const shapeOk = packets.length >= 2 && packets[0]!.type === 'enable' && packets.at(-1)!.type === 'disable' &&
    packets.slice(1, -1).every((p) => p.type === 'work');
  if (!shapeOk) throw new Error('the Promela model covers one stream-output operation: packets must be enable, work..., disable');
  const batches = batchesOf(scenario);
  const tasks = batches.flatMap((batch) => batch.tasks);
  if (tasks.length === 0) throw new Error('the Promela model needs at least one batch');
  const units = scenario.soUnits;
  const ids = 2 << scenario.batchIdBits;
  const starts = new Map<string, number[]>();
  { // Driver-order start offsets of every task: cumulative bytes needed before it.
    const at = [0, 0, 0, 0];
    for (const task of tasks) {
      starts.set(`${task.batch}:${task.task}`, [...at]);
      task.bytesPerPrimitive.forEach((bytes, b) => { at[b]! += bytes * task.primitiveCount; });
    }
  }
  const firstTask: number[] = [];
  batches.forEach((_, index) => { firstTask[index] = tasks.findIndex((t) => t.batch === index); });
  firstTask.push(tasks.length);
  const init: string[] = [];
  tasks.forEach((task, i) => {
    init.push(`batchOf[${i}] = ${task.batch}; taskOf[${i}] = ${task.task}; lastOf[${i}] = ${task.last ? 1 : 0};`);
    task.bytesPerPrimitive.forEach((bytes, b) => {
      init.push(`need[${i * 4 + b}] = ${bytes * task.primitiveCount}; expect[${i * 4 + b}] = ${starts.get(`${task.batch}:${task.task}`)![b]};`);
    });
  });
  firstTask.forEach((first, b) => init.push(`firstTask[${b}] = ${first};`));
  const each = (body: (u: number) => string) => Array.from({ length: units }, (_, u) => body(u)).join('\n');
  return `/* hazardproof: stream-output protocol (seed 002), generated for ${units} SO unit(s), ${batches.length} batch(es), ${tasks.length} task(s), ${scenario.batchIdBits}-bit batch-ID counter */
#define U ${units}
#define NB ${batches.length}
#define NT ${tasks.length}
#define IDS ${ids}

byte batchOf[NT]; byte taskOf[NT]; bit lastOf[NT];
short need[NT * 4]; short expect[NT * 4];
byte firstTask[NB + 1];
byte batchId[NB];
bit inflight[IDS];

chan tokens = [NB] of { byte };
chan retire = [NB] of { byte };
chan work[U] = [NT] of { byte };
/* to SSYNC: kind (1 first, 0 second), batch ID, task number, last bit (first) or task index (second) */
chan toSsync[U] = [2] of { bit, byte, byte, byte };
chan toUnit[U] = [1] of { short, short, short, short };

proctype WD() {
  byte b = 0; byte id = 0; byte t; byte r; byte outstanding = 0;
  do
  :: b < NB && inflight[id] == 0 ->
       inflight[id] = 1; batchId[b] = id; outstanding++; tokens!id; id = (id + 1) % IDS;
       t = firstTask[b];
       do
       :: t < firstTask[b + 1] ->
            if
${each((u) => `            :: work[${u}]!t`)}
            fi;
            t++
       :: else -> break
       od;
       b++
  :: retire?r -> assert(inflight[r] == 1); inflight[r] = 0; outstanding--
  :: b == NB && outstanding == 0 -> break
  od
}

/* SSYNC serves right after each message it takes, as one step (as in the TypeScript model). */
inline serve() {
  progress = 1;
  do
  :: progress == 0 -> break
  :: else ->
       progress = 0;
       if
${each((u) => `       :: served < count && used[${u}] && sid[${u}] == cur && stask[${u}] == task && answered[${u}] == 0 ->
            toUnit[${u}]!off[0],off[1],off[2],off[3]; answered[${u}] = 1; progress = 1
       :: served < count && used[${u}] && sid[${u}] == cur && stask[${u}] == task && answered[${u}] && hasBytes[${u}] ->
            off[0] = off[0] + need[sneed[${u}] * 4]; off[1] = off[1] + need[sneed[${u}] * 4 + 1];
            off[2] = off[2] + need[sneed[${u}] * 4 + 2]; off[3] = off[3] + need[sneed[${u}] * 4 + 3];
            used[${u}] = 0; progress = 1;
            if
            :: slast[${u}] -> retire!cur; cur = (cur + 1) % IDS; task = 0; served++
            :: else -> task++
            fi`)}
       :: else -> skip
       fi
  od
}

proctype SSYNC() {
  byte count = 0; byte served = 0; byte cur = 0; byte task = 0; byte tmp; bit progress;
  short off[4];
  bit used[U]; bit answered[U]; bit hasBytes[U]; byte sid[U]; byte stask[U]; bit slast[U]; byte sneed[U];
  byte i; byte t; byte x;
end:
  do
  :: atomic { tokens?tmp -> count++; serve() }
${each((u) => `  :: atomic { toSsync[${u}]?1,i,t,x -> assert(used[${u}] == 0); used[${u}] = 1; answered[${u}] = 0; hasBytes[${u}] = 0; sid[${u}] = i; stask[${u}] = t; slast[${u}] = x; serve() }
  :: atomic { toSsync[${u}]?0,i,t,x -> assert(used[${u}] == 1); hasBytes[${u}] = 1; sneed[${u}] = x; serve() }`)}
  od
}

proctype Unit(byte u) {
  byte i; short o0, o1, o2, o3;
end:
  do
  :: work[u]?i ->
       toSsync[u]!1,batchId[batchOf[i]],taskOf[i],lastOf[i];
       if
       :: toSsync[u]!0,0,0,i; toUnit[u]?o0,o1,o2,o3
       :: toUnit[u]?o0,o1,o2,o3; toSsync[u]!0,0,0,i
       fi;
       /* the unit writes its data at these offsets: they must be the driver-order ones */
       assert(o0 == expect[i * 4] && o1 == expect[i * 4 + 1] && o2 == expect[i * 4 + 2] && o3 == expect[i * 4 + 3])
  od
}

init {
  atomic {
    ${init.join('\n    ')}
    run WD(); run SSYNC();
${each((u) => `    run Unit(${u});`)}
  }
}
`;
}
