import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

/**
 * Image handling for uploads: accept PNG, GIF and JPEG by content only, refuse oversized or
 * over-large-pixel input before decoding, re-encode (which drops metadata and anything smuggled
 * in the file), and derive fixed-size WebP variants.
 */

export type ImageKind = 'png' | 'gif' | 'jpeg';

/** Longest side of the stored master; bigger uploads are scaled down to it. */
export const MASTER_MAX_SIDE = 2000;

export interface VariantSpec {
  width: number;
  /** null: scale to the width, keeping the aspect ratio; a number: cover-crop to width x height. */
  height: number | null;
}

export interface EncodedImage {
  data: Buffer;
  mime: string;
  width: number;
  height: number;
  /** Content hash (base64url); quote it for the ETag header. */
  etag: string;
}

export class ImageRejected extends Error {
  constructor(readonly reason: 'type' | 'pixels' | 'broken') {
    super(`image rejected: ${reason}`);
  }
}

/** The image type by magic bytes, or null. Client file names and content types are never trusted. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a'))
    return 'gif';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  return null;
}

export function contentTag(data: Buffer): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 27);
}

/** The key a variant is stored under, e.g. "64x64.webp", "760x0.webp". */
export function variantKey(spec: VariantSpec): string {
  return `${spec.width}x${spec.height ?? 0}.webp`;
}

/**
 * Checks an upload and re-encodes it to a WebP master (at most MASTER_MAX_SIDE on the longer side,
 * EXIF orientation applied, first frame of an animation). Throws ImageRejected.
 */
export async function encodeMaster(input: Buffer, maxPixels: number): Promise<EncodedImage> {
  const kind = sniffImage(input);
  if (!kind) throw new ImageRejected('type');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('broken');
  }
  if (meta.format !== kind) throw new ImageRejected('type');
  // Read from the header, before any pixel is decoded: a tiny file can claim a huge canvas.
  if (!meta.width || !meta.height) throw new ImageRejected('broken');
  if (meta.width * meta.height > maxPixels) throw new ImageRejected('pixels');
  try {
    const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated: false })
      .autoOrient()
      .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/webp', width: info.width, height: info.height, etag: contentTag(data) };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new ImageRejected('pixels');
    throw new ImageRejected('broken');
  }
}

/** A WebP variant of a master: exact cover crop when a height is given, else that width (never enlarged). */
export async function encodeVariant(master: Buffer, spec: VariantSpec): Promise<EncodedImage> {
  const pipeline = sharp(master).resize(
    spec.height === null
      ? { width: spec.width, withoutEnlargement: true }
      : { width: spec.width, height: spec.height, fit: 'cover', position: 'attention' },
  );
  const { data, info } = await pipeline.webp({ quality: spec.width <= 100 ? 80 : 85 }).toBuffer({ resolveWithObject: true });
  return { data, mime: 'image/webp', width: info.width, height: info.height, etag: contentTag(data) };
}
