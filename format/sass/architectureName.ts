/**
 * The one spelling of an architecture name used in reports: `sm_52` for `sm_52`, `SM52`, `sm52`
 * or `52` (the forms `--arch`, `code for`, `EF_CUDA_SM52` and file names use), a feature suffix
 * kept (`sm_90a`, `sm_120a`).
 */
export function architectureName(text: string): string | null {
  const match = /^(?:sm_?)?(\d{2,3})([a-z]?)$/i.exec(text.trim());
  return match ? `sm_${match[1]!}${match[2]!.toLowerCase()}` : null;
}
