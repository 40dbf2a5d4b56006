import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../shared/schemas/catalogue.js';
import { dishImageVariants } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider, signedIn } from '../../test/factories.js';
import { makeCategory, makeDish } from './catalogue.factories.js';

let ctx: TestContext;
let admin: Client;
let kitchen: Client;
let customer: Client;
let q: string;
let providerId: number;
let categoryId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
  kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
  customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
  const p = await makeProvider(ctx.db);
  providerId = p.id;
  categoryId = (await makeCategory(ctx.db, p.id)).id;
  q = `provider_id=${p.id}`;
});
afterAll(() => ctx.close());

/** A picture with some structure (not one flat colour), so crops and scaling are real work. */
function picture(width: number, height: number) {
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#c33"/><rect x="0" y="0" width="${width / 2}" height="${height / 2}" fill="#3c3"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#33c"/></svg>`,
  );
  return sharp(stripes);
}

function multipart(data: Buffer, filename: string, contentType: string, field = 'image') {
  const boundary = `----lunch${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(dishId: number, data: Buffer, filename: string, contentType: string, who = admin, lang = 'en', field = 'image') {
  const body = multipart(data, filename, contentType, field);
  return who.post(`/app/dishes/${dishId}/image?${q}&lang=${lang}`, body.payload, { headers: body.headers });
}

const getImage = (dishId: number, query: string, headers: Record<string, string> = {}) =>
  ctx.anon.get(`/app/dishes/${dishId}/image${query ? `?${query}` : ''}`, { headers });

describe('dish image upload', () => {
  it.each([
    ['png', 'image/png', () => picture(1000, 800).png().toBuffer()],
    ['gif', 'image/gif', () => picture(1000, 800).gif().toBuffer()],
    ['jpeg', 'image/jpeg', () => picture(1000, 800).jpeg().toBuffer()],
  ])('accepts %s and serves every variant at its real size', async (ext, mime, make) => {
    const dish = await makeDish(ctx.db, providerId, categoryId);
    const res = await upload(dish.id, await make(), `photo.${ext}`, mime);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: dish.id, has_image: true });
    expect(body.image_version).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const sizes: [string, number, number][] = [
      ['width=64&height=64&format=webp', 64, 64],
      ['width=46&height=46&format=webp', 46, 46],
      ['width=500&format=webp', 500, 400],
      ['width=760', 760, 608],
      ['', 1000, 800],
    ];
    for (const [query, w, h] of sizes) {
      const img = await getImage(dish.id, query);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, h]);
    }
  });

  it('rejects a text file named .png, broken images, oversized files and too many pixels (422 on image)', async () => {
    const dish = await makeDish(ctx.db, providerId, categoryId);
    const text = await upload(dish.id, Buffer.from('just some text, not a picture\n'.repeat(20)), 'notes.png', 'image/png');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ image: ['Only PNG, GIF and JPEG images are accepted.'] });

    const webp = await upload(dish.id, await picture(50, 50).webp().toBuffer(), 'x.jpg', 'image/jpeg', admin, 'lv');
    expect(webp.json().errors).toEqual({ image: ['Tiek pieņemti tikai PNG, GIF un JPEG attēli.'] });

    const png = await picture(50, 50).png().toBuffer();
    const broken = await upload(dish.id, Buffer.concat([png.subarray(0, 40), randomBytes(200)]), 'x.png', 'image/png');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ image: ['The image could not be read; it may be damaged.'] });

    const jpeg = await picture(100, 100).jpeg().toBuffer();
    const big = Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES + 1024 - jpeg.length)]);
    const tooBig = await upload(dish.id, big, 'big.jpg', 'image/jpeg', admin, 'ru');
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors).toEqual({ image: ['Размер изображения не может превышать 5 МБ.'] });

    const huge = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024); // small in bytes, 100 megapixels inside
    // The 422 proves the refusal; how fast it is belongs in bench/, not in a test.
    const pixels = await upload(dish.id, huge, 'huge.png', 'image/png');
    expect(pixels.statusCode).toBe(422);
    expect(pixels.json().errors).toEqual({ image: ['The image may have at most 40 megapixels.'] });

    const none = await admin.post(`/app/dishes/${dish.id}/image?${q}&lang=en`, { image: 'x' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ image: ['Choose an image file.'] });
    const wrongField = await upload(dish.id, png, 'x.png', 'image/png', admin, 'en', 'document');
    expect(wrongField.json().errors).toEqual({ image: ['Choose an image file.'] });

    expect((await admin.get(`/app/dishes/${dish.id}?${q}`)).json().has_image).toBe(false);
  });

  it('staff (admin or kitchen) upload or delete; anyone may GET', async () => {
    const dish = await makeDish(ctx.db, providerId, categoryId);
    const png = await picture(200, 100).png().toBuffer();
    expect((await upload(dish.id, png, 'a.png', 'image/png', customer)).statusCode).toBe(403);
    expect((await upload(dish.id, png, 'a.png', 'image/png', kitchen)).statusCode).toBe(200);
    expect((await kitchen.delete(`/app/dishes/${dish.id}/image?${q}`)).statusCode).toBe(200);
    expect((await upload(dish.id, png, 'a.png', 'image/png', ctx.anon)).statusCode).toBe(401);
    expect((await upload(999999, png, 'a.png', 'image/png')).statusCode).toBe(404);
    expect((await upload(dish.id, png, 'a.png', 'image/png')).statusCode).toBe(200);
    expect((await getImage(dish.id, 'width=64&height=64')).statusCode).toBe(200);
    expect((await customer.delete(`/app/dishes/${dish.id}/image?${q}`)).statusCode).toBe(403);
  });
});

describe('dish image serving', () => {
  it('sends ETag, a year-long immutable cache for the versioned URL, revalidation otherwise, and 304', async () => {
    const dish = await makeDish(ctx.db, providerId, categoryId);
    const v1 = (await upload(dish.id, await picture(800, 600).png().toBuffer(), 'a.png', 'image/png')).json().image_version;

    const versioned = await getImage(dish.id, `width=64&height=64&format=webp&v=${v1}`);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = versioned.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const plain = await getImage(dish.id, 'width=64&height=64&format=webp');
    expect(plain.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(plain.headers.etag).toBe(etag);

    const again = await getImage(dish.id, 'width=64&height=64&format=webp', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await getImage(dish.id, 'width=64&height=64', { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await getImage(dish.id, 'width=64&height=64', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    // Each size has its own tag.
    expect((await getImage(dish.id, 'width=760')).headers.etag).not.toBe(etag);

    // A new upload changes the version; the old versioned URL is no longer cached for ever.
    const v2 = (await upload(dish.id, await picture(640, 640).jpeg().toBuffer(), 'b.jpg', 'image/jpeg')).json().image_version;
    expect(v2).not.toBe(v1);
    const old = await getImage(dish.id, `width=64&height=64&v=${v1}`, { 'if-none-match': etag });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('allows only the known sizes and says which (422), 404 without an image', async () => {
    const dish = await makeDish(ctx.db, providerId, categoryId);
    expect((await getImage(dish.id, 'width=64&height=64')).statusCode).toBe(404);
    await upload(dish.id, await picture(300, 300).png().toBuffer(), 'a.png', 'image/png');
    const odd = await getImage(dish.id, 'width=100&height=100&lang=en');
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors).toEqual({ width: ['This image size is not available. Sizes: 64x64, 46x46, 500, 760.'] });
    expect((await getImage(dish.id, 'width=64')).statusCode).toBe(422);
    expect((await getImage(dish.id, 'height=64')).statusCode).toBe(422);
    expect((await getImage(dish.id, 'width=500&format=png')).statusCode).toBe(422);
    // A small original is not enlarged in the wide sizes.
    expect((await sharp((await getImage(dish.id, 'width=500')).rawPayload).metadata()).width).toBe(300);
  });

  it('makes a missing variant on demand and keeps it', async () => {
    const dish = await makeDish(ctx.db, providerId, categoryId);
    await upload(dish.id, await picture(900, 900).png().toBuffer(), 'a.png', 'image/png');
    await ctx.db.delete(dishImageVariants).where(eq(dishImageVariants.dishId, dish.id));
    const img = await getImage(dish.id, 'width=46&height=46');
    expect(img.statusCode).toBe(200);
    expect((await sharp(img.rawPayload).metadata()).width).toBe(46);
    const rows = await ctx.db.select().from(dishImageVariants).where(eq(dishImageVariants.dishId, dish.id));
    expect(rows.map((r) => r.variant)).toEqual(['46x46.webp']);
    expect((await getImage(dish.id, 'width=46&height=46')).headers.etag).toBe(img.headers.etag);
  });

  it('deletes the image', async () => {
    const dish = await makeDish(ctx.db, providerId, categoryId);
    await upload(dish.id, await picture(300, 200).png().toBuffer(), 'a.png', 'image/png');
    const del = await admin.delete(`/app/dishes/${dish.id}/image?${q}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ has_image: false, image_version: null });
    expect((await getImage(dish.id, 'width=64&height=64')).statusCode).toBe(404);
    expect((await ctx.db.select().from(dishImageVariants).where(eq(dishImageVariants.dishId, dish.id))).length).toBe(0);
    expect((await admin.delete(`/app/dishes/${dish.id}/image?${q}`)).statusCode).toBe(200);
  });

  it("answers 404 to upload or delete another provider's dish image, and keeps the image", async () => {
    const dish = await makeDish(ctx.db, providerId, categoryId);
    const first = (await upload(dish.id, await picture(300, 200).png().toBuffer(), 'a.png', 'image/png')).json();
    const other = `provider_id=${(await makeProvider(ctx.db)).id}`;
    const body = multipart(await picture(100, 100).png().toBuffer(), 'b.png', 'image/png');
    const post = await admin.post(`/app/dishes/${dish.id}/image?${other}`, body.payload, { headers: body.headers });
    expect(post.statusCode).toBe(404);
    const del = await admin.delete(`/app/dishes/${dish.id}/image?${other}`);
    expect(del.statusCode).toBe(404);
    expect((await admin.get(`/app/dishes/${dish.id}?${q}`)).json()).toMatchObject({
      has_image: true,
      image_version: first.image_version,
    });
  });
});
