/**
 * The data of one Gantt chart, whatever the machine: lanes (a pipe, a warp, a thread, a
 * scoreboard, an SO unit...), bars (an instruction in flight), marks (issue, read, write, a
 * protocol message) and levels (a counter's value over time). Adapters build one from a trace;
 * `renderGanttSvg` draws it. Everything is plain data so the layout is testable without a browser.
 */
export interface GanttChart {
  /** What the x axis counts: machine cycles, or protocol steps. Marks carry `data-cycle` or `data-step` accordingly. */
  readonly axis: 'cycle' | 'step';
  /** The first and last x drawn (inclusive). */
  readonly first: number;
  readonly last: number;
  /** Lanes top to bottom. */
  readonly lanes: readonly GanttLane[];
  readonly bars: readonly GanttBar[];
  readonly marks: readonly GanttMark[];
  readonly levels: readonly GanttLevel[];
  /** The x where the finding shows, drawn as a labelled vertical line; null for none. */
  readonly finding: { readonly at: number; readonly label: string } | null;
  /** A short accessible description of the chart. */
  readonly caption: string;
  /** What the chart leaves out (a long trace is cut around its finding), or null. */
  readonly note: string | null;
}

/** A horizontal lane: `id` is its stable name (`pipe:MEM`, `warp:0`, `scoreboard:SB0`, `unit:2`). */
export interface GanttLane {
  readonly id: string;
  readonly label: string;
  /** Shown as the label's tooltip (what the lane stands for, in full). */
  readonly title: string;
  /** Level lanes show counter values; event lanes show bars and marks. */
  readonly kind: 'events' | 'levels';
}

/**
 * A span of time in a lane, such as an instruction queued or executing in a pipe. Bars with the
 * same `key` share one row of their lane (the stages of one instruction line up).
 */
export interface GanttBar {
  readonly lane: string;
  readonly key: string;
  readonly from: number;
  /** Last x covered; null when it is still open where the trace ends. */
  readonly to: number | null;
  /** CSS class suffix: `queued`, `executing`, `held`... */
  readonly stage: string;
  /** Short text drawn at the bar's start. */
  readonly label: string;
  readonly title: string;
  /** Part of the finding (the producer still in flight, for example). */
  readonly conflict: boolean;
}

/** Which side of a finding a mark is. */
export type ConflictRole = 'producer' | 'consumer' | 'observer' | 'violation';

/** One event at one x. */
export interface GanttMark {
  readonly lane: string;
  /** The bar whose row the mark sits on, or null to stack it in its cell. */
  readonly bar: string | null;
  readonly at: number;
  /** `issue`, `read`, `write`, or another event name; decides the shape and colour. */
  readonly type: string;
  /** Short text drawn by the mark (`#6`); may be empty. */
  readonly label: string;
  /** Tooltip: the x, the instruction, the registers. */
  readonly title: string;
  /** Where the mark links to (`#f1-L14`, a source line), or null. */
  readonly href: string | null;
  /** Extra `data-` attributes (`instruction`, `warp`, `register`, `line`...). */
  readonly data: Readonly<Record<string, string | number>>;
  /** Set on the finding's events: drawn highlighted, with `data-role` and `data-kind`. */
  readonly conflict: { readonly role: ConflictRole; readonly kind: string } | null;
}

/** A counter holding `value` from `from` to `to` (inclusive) in a level lane. */
export interface GanttLevel {
  readonly lane: string;
  readonly from: number;
  readonly to: number;
  readonly value: number;
  readonly title: string;
}
