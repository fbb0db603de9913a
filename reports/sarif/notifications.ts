import type { SarifLevel, SarifReportingDescriptor } from './sarifTypes.js';

/**
 * Kinds of tool execution notification: what a run says about itself rather than about the
 * code. `unknown-verdict` is the important one: a file (kernel, shader, DEPBAR, flag) whose
 * verdict is unknown is neither a finding nor a success.
 */
export type SarifNotificationId = 'unknown-verdict' | 'unconfirmed-hazard' | 'hazard-outside-model' | 'model-note' | 'findings-not-listed';

const NOTIFICATIONS: Readonly<Record<SarifNotificationId, { readonly short: string; readonly full: string; readonly level: SarifLevel }>> = {
  'unknown-verdict': {
    level: 'warning',
    short: 'No verdict: the check could not finish and found nothing.',
    full: 'The verdict is unknown: a state budget, a time budget (--timeout), a solver timeout, or an instruction outside the model stopped '
      + 'the check before it could prove safety or show a hazard. This is neither a finding nor a proof; the message gives the reason.',
  },
  'unconfirmed-hazard': {
    level: 'note',
    short: 'A hazard the analysis could not rule out, and no schedule showed.',
    full: 'The analysis of a listing could not rule out this hazard, and neither a directed schedule nor a bounded exhaustive search showed '
      + 'it on the reference machine. It is why the kernel\'s verdict is unknown; it may or may not be real.',
  },
  'hazard-outside-model': {
    level: 'note',
    short: 'A hazard shown only through an instruction outside the model.',
    full: 'A schedule shows this hazard, but it runs through an instruction the model only guesses at (an opcode the architecture table '
      + 'does not know, modelled conservatively): it shows what the guess allows, not necessarily what the listing does, so the kernel\'s '
      + 'verdict is unknown rather than hazard.',
  },
  'model-note': {
    level: 'note',
    short: 'What the model of a listing had to assume.',
    full: 'An assumption the model of the listing makes (a call it cannot follow), or an instruction outside the model (an opcode the '
      + 'architecture table does not know, an indirect branch), with its location.',
  },
  'findings-not-listed': {
    level: 'note',
    short: 'More distinct findings than the report lists.',
    full: 'The file has more distinct findings than a report lists one by one; the first ones are results, the rest are counted here.',
  },
};

/** Every notification kind, in the order of `tool.driver.notifications`. */
export const SARIF_NOTIFICATION_IDS = Object.keys(NOTIFICATIONS) as readonly SarifNotificationId[];

/** A notification kind's SARIF descriptor. */
export function sarifNotificationDescriptor(id: SarifNotificationId): SarifReportingDescriptor {
  const notification = NOTIFICATIONS[id];
  return {
    id, shortDescription: { text: notification.short }, fullDescription: { text: notification.full }, help: { text: notification.full },
    defaultConfiguration: { level: notification.level },
  };
}

/** A notification kind's level. */
export function sarifNotificationLevel(id: SarifNotificationId): SarifLevel {
  return NOTIFICATIONS[id].level;
}
