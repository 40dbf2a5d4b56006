import { and, eq, sql } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_VARIANTS } from '../../../shared/schemas/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import { recordChange, type AuditWho } from '../../lib/audit.js';
import { dishImages, dishImageVariants } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { encodeMaster, encodeVariant, ImageRejected, variantKey, type VariantSpec } from '../../lib/images/images.js';
import { t } from '../../lib/messages.js';
import { catalogueText } from './catalogue.messages.js';

/** Error texts of a rejected upload, under the `image` field. */
export function imageError(reason: ImageRejected['reason'] | 'required' | 'tooLarge'): AppError {
  const text =
    reason === 'required'
      ? catalogueText.coded('imageRequired')
      : reason === 'tooLarge'
        ? catalogueText.coded('imageTooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 })
        : reason === 'pixels'
          ? catalogueText.coded('imageTooManyPixels', { mp: IMAGE_MAX_PIXELS / 1_000_000 })
          : reason === 'type'
            ? catalogueText.coded('imageType')
            : catalogueText.coded('imageBroken');
  return fieldError(t.coded('invalid'), { image: [text] });
}

/** Validates, re-encodes and stores a dish image with all its variants, replacing the old one. */
/** The dish's image version (its etag) for the audit log, null without an image. */
async function imageVersion(tx: Tx, dishId: number): Promise<string | null> {
  const [row] = await tx.select({ etag: dishImages.etag }).from(dishImages).where(eq(dishImages.dishId, dishId)).for('update');
  return row?.etag ?? null;
}

export async function storeDishImage(db: Db, dishId: number, upload: Buffer, audit: { who: AuditWho; providerId: number }): Promise<void> {
  let master;
  try {
    master = await encodeMaster(upload, IMAGE_MAX_PIXELS);
  } catch (err) {
    if (err instanceof ImageRejected) throw imageError(err.reason);
    throw err;
  }
  const variants = await Promise.all(
    IMAGE_VARIANTS.map(async (spec) => ({ key: variantKey(spec), ...(await encodeVariant(master.data, spec)) })),
  );
  await db.transaction(async (tx) => {
    const before = await imageVersion(tx, dishId);
    await tx
      .insert(dishImages)
      .values({ dishId, data: master.data, mime: master.mime, width: master.width, height: master.height, etag: master.etag })
      .onConflictDoUpdate({
        target: dishImages.dishId,
        set: { data: master.data, mime: master.mime, width: master.width, height: master.height, etag: master.etag, updatedAt: sql`now()` },
      });
    await tx.delete(dishImageVariants).where(eq(dishImageVariants.dishId, dishId));
    await tx.insert(dishImageVariants).values(variants.map((v) => ({ dishId, variant: v.key, data: v.data, mime: v.mime, etag: v.etag })));
    await recordChange(tx, audit.who, {
      action: 'dish.image',
      entityType: 'dish',
      entityId: dishId,
      providerId: audit.providerId,
      before: { image: before },
      after: { image: master.etag },
    });
  });
}

/** Removes a dish's image; removing none changes nothing and records nothing. */
export async function deleteDishImage(db: Db, dishId: number, audit: { who: AuditWho; providerId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await imageVersion(tx, dishId);
    await tx.delete(dishImageVariants).where(eq(dishImageVariants.dishId, dishId));
    await tx.delete(dishImages).where(eq(dishImages.dishId, dishId));
    await recordChange(tx, audit.who, {
      action: 'dish.image',
      entityType: 'dish',
      entityId: dishId,
      providerId: audit.providerId,
      before: { image: before },
      after: { image: null },
    });
  });
}

/** The allowed size a width/height query names, 'original' without either, or null when not allowed. */
export function variantFor(width: number | undefined, height: number | undefined): VariantSpec | 'original' | null {
  if (width === undefined && height === undefined) return 'original';
  const spec = IMAGE_VARIANTS.find(
    (v) => v.width === width && (v.height === null ? height === undefined || height === null : v.height === height),
  );
  return spec ? { width: spec.width, height: spec.height } : null;
}

export function sizesText(): string {
  return IMAGE_VARIANTS.map((v) => (v.height === null ? `${v.width}` : `${v.width}x${v.height}`)).join(', ');
}

export interface ServedImage {
  data: Buffer;
  mime: string;
  etag: string;
  /** The version of the dish's image (master etag), for the URL's ?v=. */
  version: string;
}

/**
 * The bytes of a dish image at a size. Variants missing from the cache (a size added later, or a
 * master written by an older version) are made now and kept.
 */
export async function loadDishImage(db: Db, dishId: number, spec: VariantSpec | 'original'): Promise<ServedImage> {
  if (spec === 'original') {
    const rows = await db
      .select({ data: dishImages.data, mime: dishImages.mime, etag: dishImages.etag })
      .from(dishImages)
      .where(eq(dishImages.dishId, dishId));
    if (!rows[0]) throw new AppError(404, catalogueText.coded('noImage'));
    return { ...rows[0], version: rows[0].etag };
  }
  const key = variantKey(spec);
  const rows = await db
    .select({ version: dishImages.etag, data: dishImageVariants.data, mime: dishImageVariants.mime, etag: dishImageVariants.etag })
    .from(dishImages)
    .leftJoin(dishImageVariants, and(eq(dishImageVariants.dishId, dishImages.dishId), eq(dishImageVariants.variant, key)))
    .where(eq(dishImages.dishId, dishId));
  const row = rows[0];
  if (!row) throw new AppError(404, catalogueText.coded('noImage'));
  if (row.data && row.mime && row.etag) return { data: row.data, mime: row.mime, etag: row.etag, version: row.version };
  const master = await db.select({ data: dishImages.data, etag: dishImages.etag }).from(dishImages).where(eq(dishImages.dishId, dishId));
  if (!master[0]) throw new AppError(404, catalogueText.coded('noImage'));
  const made = await encodeVariant(master[0].data, spec);
  await db
    .insert(dishImageVariants)
    .values({ dishId, variant: key, data: made.data, mime: made.mime, etag: made.etag })
    .onConflictDoNothing();
  return { data: made.data, mime: made.mime, etag: made.etag, version: master[0].etag };
}
