/*
 * The kitchen's answer to a rating's comment (issue 30, decision 080): staff of the rating's
 * provider only (another provider's rating is a 404), plain text up to 1000 characters, editable,
 * an empty answer removes it; each change leaves an audit entry. The eater side reads `answer`.
 */
import { and, eq } from 'drizzle-orm';
import type { RatingComment } from '../../../shared/schemas/rating-reports.js';
import { dishRatings } from '../../db/schema/index.js';
import { recordChange, type AuditWho } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { isoTime } from '../../lib/time.js';

/** PUT /app/ratings/{id}/answer: sets (or, empty, removes) the answer; the same answer again changes nothing. */
export async function answerRating(
  ctx: Pick<RequestContext, 'db' | 'now' | 'provider'>,
  who: AuditWho & { user: { id: number } },
  input: { ratingId: number; answer: string },
): Promise<Pick<RatingComment, 'id' | 'answer' | 'answered_at'>> {
  const providerId = await ctx.provider();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: dishRatings.id, answer: dishRatings.answer, answeredAt: dishRatings.answeredAt })
      .from(dishRatings)
      .where(and(eq(dishRatings.id, input.ratingId), eq(dishRatings.providerId, providerId)))
      .for('update');
    if (!row) throw new AppError(404, t.coded('notFound'));
    if (row.answer === input.answer)
      return { id: row.id, answer: row.answer, answered_at: row.answeredAt ? isoTime(row.answeredAt) : null };
    const answered = input.answer === '' ? null : ctx.now;
    await tx
      .update(dishRatings)
      .set({ answer: input.answer, answeredById: answered ? who.user.id : null, answeredAt: answered })
      .where(eq(dishRatings.id, row.id));
    await recordChange(tx, who, {
      action: 'rating.answer',
      entityType: 'dish_rating',
      entityId: row.id,
      providerId,
      before: { answer: row.answer },
      after: { answer: input.answer },
    });
    return { id: row.id, answer: input.answer, answered_at: answered ? isoTime(answered) : null };
  });
}
