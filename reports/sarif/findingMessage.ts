/** The message of a finding: its sentence, then the schedule that shows it and the command that replays it, each on its own line. */
export function findingMessage(description: string, schedule: string | null, replay: string | undefined, scheduleSeed?: number | null): string {
  return [
    description,
    ...(schedule === null ? [] : [`schedule${scheduleSeed === undefined || scheduleSeed === null ? '' : ` (random schedule seed ${scheduleSeed})`}: ${schedule}`]),
    ...(replay === undefined ? [] : [`replay: ${replay}`]),
  ].join('\n');
}
