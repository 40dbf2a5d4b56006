import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../shared/schemas/catalogue.js';
import { dishImages, dishImageVariants } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeProvider, signedIn } from '../../test/factories.js';
import { makeCategory, makeDish } from './catalogue.factories.js';

/*
 * An upload over the size limit is refused whatever way its bytes arrive: a real HTTP request
 * over a socket (as a browser sends FormData), cut into chunks of many sizes. The limit must not
 * depend on where the chunks break, and nothing of the file may be stored.
 */

let ctx: TestContext;
let base: string;
let admin: Record<string, string>;
let providerId: number;
let categoryId: number;
let bigPng: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  admin = (await signedIn(ctx.db, { role: 'admin' })).auth;
  const p = await makeProvider(ctx.db);
  providerId = p.id;
  categoryId = (await makeCategory(ctx.db, p.id)).id;
  // A real PNG of about 20 MB: noise does not compress. Its first 5 MB decode as a picture.
  const side = 2600;
  bigPng = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}, 120_000);
afterAll(() => ctx.close());

const url = (dishId: number) => `${base}/app/dishes/${dishId}/image?provider_id=${providerId}&lang=en`;

async function nothingStored(dishId: number) {
  expect(await ctx.db.select({ id: dishImages.dishId }).from(dishImages).where(eq(dishImages.dishId, dishId))).toEqual([]);
  expect(await ctx.db.select({ id: dishImageVariants.dishId }).from(dishImageVariants).where(eq(dishImageVariants.dishId, dishId))).toEqual(
    [],
  );
}

/** Sends a multipart body over a socket in chunks of `chunk` bytes (the last write may be shorter). */
function sendChunked(target: string, body: Buffer, contentType: string, chunk: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      { method: 'POST', headers: { ...admin, 'content-type': contentType, 'content-length': body.length } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
      },
    );
    // The server may answer and close before the whole body is written.
    req.on('error', (err) =>
      (err as { code?: string }).code === 'ECONNRESET' || (err as { code?: string }).code === 'EPIPE' ? undefined : reject(err),
    );
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const ok = req.write(body.subarray(offset, offset + chunk));
        offset += chunk;
        if (!ok) return void req.once('drain', writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

describe('an image over the size limit', () => {
  it('is a real PNG far over the limit', () => {
    expect(bigPng.length).toBeGreaterThan(3 * IMAGE_MAX_BYTES);
  });

  it('sent as FormData by fetch is refused every time, and nothing is stored', async () => {
    for (let i = 0; i < 4; i++) {
      const dish = await makeDish(ctx.db, providerId, categoryId);
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bigPng)], { type: 'image/png' }), 'big.png');
      const res = await fetch(url(dish.id), { method: 'POST', headers: admin, body: form });
      expect(res.status, `attempt ${i}`).toBe(422);
      expect(await res.json()).toEqual({ message: 'The given data was invalid.', errors: { image: ['The image may be at most 5 MB.'] } });
      await nothingStored(dish.id);
    }
  });

  it.each([1000, 4096, 16_384, 65_536, 65_537, 1_000_003])(
    'sent in chunks of %i bytes is refused, and nothing is stored',
    async (chunk) => {
      const dish = await makeDish(ctx.db, providerId, categoryId);
      const boundary = `----lunch${randomBytes(8).toString('hex')}`;
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
        bigPng,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await sendChunked(url(dish.id), body, `multipart/form-data; boundary=${boundary}`, chunk);
      expect(res.status, res.body).toBe(422);
      expect(JSON.parse(res.body).errors).toEqual({ image: ['The image may be at most 5 MB.'] });
      await nothingStored(dish.id);
    },
  );
});
