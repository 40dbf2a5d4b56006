import { DateTime } from 'luxon';
import { MAX_INVITES_PER_CALL } from '../../../../shared/schemas/teams';

export { MAX_INVITES_PER_CALL };

/** Addresses in pasted text: separated by spaces, commas, semicolons or new lines. */
export function splitEmails(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/**
 * A paste of several addresses into one row fills that row and adds rows after it (up to the
 * per-call maximum). Answers null for an ordinary paste (zero or one address).
 */
export function pasteInto(rows: readonly string[], index: number, text: string): string[] | null {
  const parts = splitEmails(text);
  if (parts.length < 2) return null;
  const next = [...rows.slice(0, index), ...parts, ...rows.slice(index + 1)];
  return next.slice(0, Math.max(MAX_INVITES_PER_CALL, rows.length));
}

/** The non-empty rows to send, and for each sent address the row it came from. */
export function rowsToSend(rows: readonly string[]): { emails: string[]; rowOf: number[] } {
  const emails: string[] = [];
  const rowOf: number[] = [];
  rows.forEach((r, i) => {
    if (r.trim()) {
      emails.push(r.trim());
      rowOf.push(i);
    }
  });
  return { emails, rowOf };
}

/** Server errors `emails.{n}` (n = index among the sent addresses) as messages per form row. */
export function rowErrors(errors: Record<string, string[]>, rowOf: readonly number[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const m = /^emails\.(\d+)$/.exec(key);
    const row = m ? rowOf[Number(m[1])] : undefined;
    if (row !== undefined && list[0]) out[row] = list[0];
  }
  return out;
}

/** Default report period: the current month up to today, in the given zone (yyyy-mm-dd). */
export function defaultPeriod(now: Date, zone: string): { from: string; to: string } {
  const today = DateTime.fromJSDate(now).setZone(zone);
  return { from: today.startOf('month').toISODate()!, to: today.toISODate()! };
}
