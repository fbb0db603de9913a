/** The control-flow graph the analysis walks: defined in the model (`spec/sass/successors.ts`). */
export { successors } from '../../spec/sass/successors.js';
