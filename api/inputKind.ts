/**
 * What an input is, as `load` recognises it and `check` runs it: the machine, and for the
 * component machine the notation (ir3 listings hold several shaders, `.comp` programs one).
 *
 * - `scoreboard`: a `.hp` program (or its JSON form) of the scoreboard machine: scoreboards, DEPBAR, queues, interlocks;
 * - `lrc`: a `.hp` program with `.machine lrc`: load reference counters;
 * - `listing`: an NVIDIA listing (CuAssembler, maxas, TuringAs, `cuobjdump -sass`, nvaa), kernel by kernel;
 * - `components`: a `.comp` program of the component machine;
 * - `ir3`: a Mesa ir3 listing (computerator `.asm`, CI `.log`), each shader on the component machine;
 * - `streamout`: a stream-output scenario (JSON), run by the distributed stream-output protocol.
 */
export type InputKind = 'scoreboard' | 'lrc' | 'listing' | 'components' | 'ir3' | 'streamout';

/** Every input kind, in the order of `InputKind`'s list. */
export const INPUT_KINDS: readonly InputKind[] = ['scoreboard', 'lrc', 'listing', 'components', 'ir3', 'streamout'];
