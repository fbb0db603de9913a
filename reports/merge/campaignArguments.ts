import type { CampaignOptions } from './shardReport.js';

/**
 * The arguments (after `hazardproof COMMAND`) of the unsharded run a merged report stands for:
 * the inputs (files; none for `fuzz --generate`, whose inputs are laws), then the campaign's
 * options as `--name value` (a flag alone when true; unset ones left out).
 */
export function campaignArguments(merged: Readonly<Record<string, unknown>>): string[] {
  const options = (merged.options ?? {}) as CampaignOptions;
  const inputs = Array.isArray(merged.inputs) && (options.generate === undefined || options.generate === null) ? (merged.inputs as string[]) : [];
  const flags = Object.entries(options).flatMap(([name, value]): string[] => {
    if (value === null || value === false) return [];
    if (value === true) return [`--${name}`];
    if (Array.isArray(value)) return value.flatMap((item) => [`--${name}`, item]);
    return [`--${name}`, String(value)];
  });
  return [...inputs, ...flags];
}
