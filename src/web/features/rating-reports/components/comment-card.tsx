import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ANSWER_MAX } from '../../../../shared/schemas/rating-reports';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/error-message';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { RATING_REPORTS_KEY, ratingReportsApi, type RatingComment } from '../api';
import { CommentText } from './comment-text';

/**
 * One comment: its stars, menu day, tags, the text (always as text, never HTML) and the
 * kitchen's answer box; saving shows the answer as saved (decision 080).
 */
export function CommentCard({ c }: { c: RatingComment }) {
  const { t, i18n } = useTranslation(['rating-reports', 'ratings']);
  const lang = i18n.language;
  const client = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState(c.answer);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const save = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const saved = (await ratingReportsApi.answer(c.id, draft))?.answer ?? draft.trim();
      setDraft(saved);
      setStatus({ tone: 'ok', text: saved === '' ? t('answerRemoved') : t('answerSaved') });
      void client.invalidateQueries({ queryKey: [...RATING_REPORTS_KEY, 'comments'] });
    } catch (e) {
      setStatus({ tone: 'error', text: errorMessage(e, t('answerFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="ratings__comment">
      <p className="ratings__comment-head">
        <span aria-hidden="true" className="ratings__comment-stars">
          {'★'.repeat(c.stars)}
          {'☆'.repeat(5 - c.stars)}
        </span>
        <span className="visually-hidden">{t('starsN', { count: c.stars })}</span>
        <span className="muted">
          {t('menuDay', { day: formatDate(c.day, lang) })} · {formatDateTime(c.created_at, lang)}
          {c.author !== null && ` · ${c.author}`}
        </span>
      </p>
      <CommentText text={c.comment} />
      {c.tags.length > 0 && <p className="muted">{c.tags.map((tag) => t(`ratings:tags.${tag}`, { defaultValue: tag })).join(', ')}</p>}
      <form
        className="ratings__answer"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field__label" htmlFor={id}>
          {t('answer')}
        </label>
        <textarea
          id={id}
          className="input textarea"
          rows={2}
          maxLength={ANSWER_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="ratings__answer-actions">
          <Button type="submit" size="sm" variant="secondary" loading={busy} disabled={busy || draft.trim() === c.answer}>
            {t('saveAnswer')}
          </Button>
          <span role="status" className={status?.tone === 'error' ? 'field__error' : 'muted'}>
            {status?.text ?? (c.answered_at ? t('answeredAt', { at: formatDateTime(c.answered_at, lang) }) : '')}
          </span>
        </div>
      </form>
    </li>
  );
}
