import { batchesOf, type StreamScenario } from '../../spec/streamout/scenario.js';

/**
 * The protocol as a Promela model for SPIN, for one stream-output operation (enable, work,
 * disable): work distribution (IDs with wrap and phase, tokens, retirement, dispatch of tasks to
 * SO units), SSYNC (token count, message table, serving one batch and task at a time) and the SO
 * units (first request, then second request and response in either order). SPIN checks the
 * assertions (each task gets the offsets of the driver-order layout; one message per table slot;
 * a batch ID retired only while in flight) and, as invalid end states, deadlocks. Data writes and
 * overflow are not in this model (the offsets decide where data goes).
 *
 * For SPIN's partial-order reduction, the scenario's tables are macros (not global variables),
 * each unit has its own named channels with channel assertions (`xr`/`xs`: only one process
 * receives, only one sends), and a variable no longer needed is reset so equal states match.
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
  const starts: number[][] = [];
  { // Driver-order start offsets of every task: cumulative bytes needed before it.
    const at = [0, 0, 0, 0];
    for (const task of tasks) {
      starts.push([...at]);
      task.bytesPerPrimitive.forEach((bytes, b) => { at[b]! += bytes * task.primitiveCount; });
    }
  }
  const firstTask = [...batches.map((_, index) => tasks.findIndex((t) => t.batch === index)), tasks.length];
  const buffers = [0, 1, 2, 3];
  const tables = [
    table('FIRST_TASK', 'b', firstTask),
    table('TASK_NUMBER', 'i', tasks.map((t) => t.task)),
    table('LAST_TASK', 'i', tasks.map((t) => (t.last ? 1 : 0))),
    ...buffers.map((b) => table(`NEED${b}`, 'i', tasks.map((t) => t.bytesPerPrimitive[b]! * t.primitiveCount))),
    ...buffers.map((b) => table(`EXPECT${b}`, 'i', starts.map((s) => s[b]!))),
  ];
  const each = (body: (u: number) => string) => Array.from({ length: units }, (_, u) => body(u)).join('\n');
  return `/* hazardproof: distributed stream-output protocol (US 8,817,031), generated for ${units} SO unit(s), ${batches.length} batch(es), ${tasks.length} task(s), ${scenario.batchIdBits}-bit batch-ID counter */
#define U ${units}
#define NB ${batches.length}
#define NT ${tasks.length}
#define IDS ${2 << scenario.batchIdBits}

/* the scenario, as macros: batch b's first task; task i's number, last bit, bytes per buffer and driver-order offsets */
${tables.join('\n')}

chan tokens = [NB] of { byte };
chan retire = [NB] of { byte };
/* per unit, by name (channel assertions take no array elements): */
/* a task's index and its batch's ID */
${each((u) => `chan work${u} = [NT] of { byte, byte };`)}
/* to SSYNC: kind (1 first, 0 second), batch ID, task number, last bit (first) or task index (second) */
${each((u) => `chan toSsync${u} = [2] of { bit, byte, byte, byte };`)}
/* SSYNC's response: the offsets */
${each((u) => `chan toUnit${u} = [1] of { short, short, short, short };`)}

proctype WD() {
  xs tokens; xr retire;
${each((u) => `  xs work${u};`)}
  byte b = 0; byte id = 0; byte t; byte r; byte outstanding = 0;
  bit inflight[IDS];
  do
  :: b < NB && inflight[id] == 0 ->
       inflight[id] = 1; outstanding++; tokens!id;
       t = FIRST_TASK(b);
       do
       :: t < FIRST_TASK(b + 1) ->
            if
${each((u) => `            :: work${u}!t,id`)}
            fi;
            t++
       :: else -> break
       od;
       t = 0; id = (id + 1) % IDS; b++
  :: retire?r -> assert(inflight[r] == 1); inflight[r] = 0; outstanding--; r = 0
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
            toUnit${u}!off[0],off[1],off[2],off[3]; answered[${u}] = 1; progress = 1
       :: served < count && used[${u}] && sid[${u}] == cur && stask[${u}] == task && answered[${u}] && hasBytes[${u}] ->
            off[0] = off[0] + NEED0(sneed[${u}]); off[1] = off[1] + NEED1(sneed[${u}]);
            off[2] = off[2] + NEED2(sneed[${u}]); off[3] = off[3] + NEED3(sneed[${u}]);
            progress = 1;
            if
            :: slast[${u}] -> retire!cur; cur = (cur + 1) % IDS; task = 0; served++
            :: else -> task++
            fi;
            /* the slot is free again: forget it, so equal states match */
            used[${u}] = 0; answered[${u}] = 0; hasBytes[${u}] = 0; sid[${u}] = 0; stask[${u}] = 0; slast[${u}] = 0; sneed[${u}] = 0`)}
       :: else -> skip
       fi
  od
}

proctype SSYNC() {
  xr tokens; xs retire;
${each((u) => `  xr toSsync${u}; xs toUnit${u};`)}
  byte count = 0; byte served = 0; byte cur = 0; byte task = 0; byte tmp; bit progress;
  short off[4];
  bit used[U]; bit answered[U]; bit hasBytes[U]; byte sid[U]; byte stask[U]; bit slast[U]; byte sneed[U];
  byte i; byte t; byte x;
end:
  do
  :: atomic { tokens?tmp -> count++; serve(); tmp = 0 }
${each((u) => `  :: atomic { toSsync${u}?1,i,t,x -> assert(used[${u}] == 0); used[${u}] = 1; answered[${u}] = 0; hasBytes[${u}] = 0; sid[${u}] = i; stask[${u}] = t; slast[${u}] = x; serve(); i = 0; t = 0; x = 0 }
  :: atomic { toSsync${u}?0,i,t,x -> assert(used[${u}] == 1); hasBytes[${u}] = 1; sneed[${u}] = x; serve(); i = 0; t = 0; x = 0 }`)}
  od
}

/* The unit writes its data at the offsets received: they must be the driver-order ones. Then it forgets the task (so equal states match). */
inline done() {
  assert(o0 == EXPECT0(i) && o1 == EXPECT1(i) && o2 == EXPECT2(i) && o3 == EXPECT3(i));
  i = 0; id = 0; o0 = 0; o1 = 0; o2 = 0; o3 = 0
}

proctype Unit(chan work; chan toSsync; chan toUnit) {
  xr work; xs toSsync; xr toUnit;
  byte i; byte id; short o0, o1, o2, o3;
end:
  do
  :: work?i,id ->
       toSsync!1,id,TASK_NUMBER(i),LAST_TASK(i);
       if
       :: toSsync!0,0,0,i; atomic { toUnit?o0,o1,o2,o3; done() }
       :: toUnit?o0,o1,o2,o3; atomic { toSsync!0,0,0,i; done() }
       fi
  od
}

init {
  atomic {
    run WD(); run SSYNC();
${each((u) => `    run Unit(work${u}, toSsync${u}, toUnit${u});`)}
  }
}
`;
}

/**
 * A constant table as a macro: `NAME(x)` is `values[x]`, as a chain of conditional expressions
 * (a macro reads no variable, so SPIN's partial-order reduction still sees the step as local).
 */
function table(name: string, parameter: string, values: readonly number[]): string {
  const last = values.length - 1;
  const body = values.slice(0, last).reduceRight((rest, value, index) => `((${parameter}) == ${index} -> ${value} : ${rest})`, String(values[last]));
  return `#define ${name}(${parameter}) ${values.every((value) => value === values[0]) ? String(values[0]) : body}`;
}
