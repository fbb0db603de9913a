/** The integer a Z3 model gives a term (`model.eval(term, true)`), also when it prints as `(- 3)`. */
export function intValue(evaluated: { toString(): string }): number {
  const text = evaluated.toString().trim();
  const negative = /^\(-\s*(\d+)\)$/.exec(text);
  const value = negative ? -Number(negative[1]) : Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`expected an integer from the solver's model, got '${text}'`);
  return value;
}
