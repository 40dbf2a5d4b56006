import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { onTimeWorld } from './ontime.factories.js';

let ctx: TestContext;
let kitchen: UserClient;
const dir = mkdtempSync(path.join(tmpdir(), 'ontime-'));
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-12-10T10:00:00Z'));
  kitchen = await ctx.as('kitchen');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await ctx.close();
});

/** The PDF's text as poppler's pdftotext reads it (reading order, one line per text line). */
function pdftotext(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('delivery times on the lap report (decision 071)', () => {
  it('prints each stop’s window, delivery time and minutes late, and the day’s on-time rate', async () => {
    const w = await onTimeWorld(ctx.db);
    const get = (lapId: number, lang: string) =>
      kitchen.get(`/app/laps/print-report/${lapId}/${w.nov1.id}?provider_id=${w.provider.id}&lang=${lang}`);
    const res = await get(w.l1.id, 'en');
    expect(res.statusCode).toBe(200);
    const text = pdftotext(res.rawPayload);
    expect(text).toContain('Delivery times');
    // Riga time (UTC+2): A within 14:00–14:15, B 12 minutes after it.
    expect(text).toMatch(/1\s+A vieta\s+14:00–14:15\s+14:10\s+0\n/);
    expect(text).toMatch(/2\s+B vieta\s+14:00–14:15\s+14:27\s+12\n/);
    expect(text).toContain('Delivered on time today: 1 of 2 (50 %)');
    expect(text).not.toContain('not counted');
    const lv = pdftotext((await get(w.l1.id, 'lv')).rawPayload);
    expect(lv).toContain('Šodien piegādāts laikā: 1 no 2 (50 %)');
    expect(lv).toContain('Kavēšanās (min)');
  });

  it('says which stop had no window or is not delivered, and gives no rate when none was counted', async () => {
    const w = await onTimeWorld(ctx.db);
    const text = pdftotext(
      (await kitchen.get(`/app/laps/print-report/${w.l2.id}/${w.nov1.id}?provider_id=${w.provider.id}&lang=en`)).rawPayload,
    );
    expect(text).toMatch(/1\s+C vieta\s+no window\s+14:10\s+—\n/);
    expect(text).toMatch(/2\s+E vieta\s+no window\s+not delivered\s+—\n/);
    expect(text).toContain('Delivered without a window (not counted): 1');
    expect(text).not.toContain('Delivered on time today');
  });
});
