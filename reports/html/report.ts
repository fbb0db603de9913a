/**
 * What an HTML report holds, independent of markup: the run (command line, seed, how to repeat
 * it) and one section per input checked, each with its verdict, reason, findings (each with its
 * charts and replay command) and listings with line anchors. `renderHtmlReport` writes the page.
 */
export interface HtmlReport {
  /** The command, as the page title says it (`hazardproof check`). */
  readonly title: string;
  /** The command line of the run. */
  readonly command: string;
  /** Facts about the run shown under the command line: the seed, how to repeat the run. */
  readonly facts: readonly HtmlFact[];
  readonly sections: readonly HtmlSection[];
  /** Closing lines of the text report (totals, the campaign to repeat), or none. */
  readonly summary: readonly string[];
  /** Which key to the charts the page shows: machine timelines (the default) or stream-output steps. */
  readonly legend?: 'machine' | 'stream';
}

/** A labelled fact about the run; `code` facts are shown as commands. */
export interface HtmlFact {
  readonly label: string;
  readonly value: string;
  readonly code: boolean;
}

/** One input checked: a program file, a shader, a kernel, a scenario, a trace or a fuzz target. */
export interface HtmlSection {
  /** Unique in the page; the prefix of every anchor inside the section (`f1`, `f1-L12`). */
  readonly id: string;
  readonly title: string;
  /** The verdict as the text report words it (`proved-safe`, `no-hazard-found`, `hazard`...). */
  readonly verdict: string;
  /** Why the verdict holds, as the text report words it. */
  readonly reason: string;
  /** Further lines of the text report (coverage, seed, expectation). */
  readonly lines: readonly string[];
  readonly findings: readonly HtmlFinding[];
  /** Charts of the whole input (a stream-output buffer layout), shown after the findings. */
  readonly figures: readonly HtmlFigure[];
  readonly listings: readonly HtmlListing[];
  /** The input's whole text report, shown folded; null for none. */
  readonly textReport: string | null;
}

/** A hazard, a violation or a counterexample. */
export interface HtmlFinding {
  /** Unique in the page (`f1-h1`). */
  readonly id: string;
  /** Short name: `RAW on R1`, `violation`. */
  readonly heading: string;
  /** The sentence the text report prints. */
  readonly description: string;
  readonly figures: readonly HtmlFigure[];
  /** More lines (the problems a violation shows, the steps in words). */
  readonly details: readonly string[];
  /** The command that replays it, or null. */
  readonly replayCommand: string | null;
}

/** An inline SVG chart (already markup) with its caption (text). */
export interface HtmlFigure {
  readonly svg: string;
  readonly caption: string;
}

/**
 * Lines of a text (a source file, a trace, the steps of a counterexample), each anchored as
 * `${anchorPrefix}${number}` so charts and links can point at it. Lines may skip numbers (a long
 * file shows only the parts around the lines the report refers to).
 */
export interface HtmlListing {
  readonly caption: string;
  readonly anchorPrefix: string;
  readonly lines: readonly { readonly number: number; readonly text: string }[];
  /** Lines drawn highlighted: those of the findings' events. */
  readonly highlighted: readonly number[];
}
