import { useId, useState, type FormEvent } from 'react';
import { RATING_COMMENT_MAX, RATING_TAG_LIST, type RatingTag } from '../../../shared/rating-tags';
import { formatDate, formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import type { OrderRatings, RateInput, RatingLine } from './api';
import './ratings.css';

const STARS = [1, 2, 3, 4, 5] as const;

interface Draft {
  stars: number | null;
  tags: RatingTag[];
  comment: string;
}
const EMPTY: Draft = { stars: null, tags: [], comment: '' };

/** A rated line: the stars, tags and comment as text (never HTML), and the kitchen's answer. */
function RatedLine({ line }: { line: RatingLine }) {
  const { t, i18n } = useTranslation('ratings');
  return (
    <li className="rate-line rate-line--done">
      <h3 className="rate-line__title">{line.title}</h3>
      <p>
        <span aria-hidden="true" className="rate-stars">
          {'★'.repeat(line.stars ?? 0)}
          {'☆'.repeat(5 - (line.stars ?? 0))}
        </span>{' '}
        {t('yourStars', { stars: line.stars ?? 0 })}
      </p>
      {line.tags.length > 0 && <p>{line.tags.map((tag) => t(`tags.${tag}`)).join(', ')}</p>}
      {line.comment && <p className="rate-text">{line.comment}</p>}
      {line.answer && (
        <div className="rate-answer">
          <p className="rate-answer__who">
            {t('answered', { when: line.answered_at ? formatDateTime(line.answered_at, i18n.language) : '' })}
          </p>
          <p className="rate-text">{line.answer}</p>
        </div>
      )}
    </li>
  );
}

/** One dish to rate: stars as a radio group, tags as toggle buttons, a comment with its count. */
function LineInput({ line, draft, onChange }: { line: RatingLine; draft: Draft; onChange(d: Draft): void }) {
  const { t } = useTranslation('ratings');
  const id = useId();
  const toggle = (tag: RatingTag) =>
    onChange({ ...draft, tags: draft.tags.includes(tag) ? draft.tags.filter((x) => x !== tag) : [...draft.tags, tag] });
  return (
    <li className="rate-line">
      <fieldset className="rate-line__set">
        <legend className="rate-line__title">{line.title}</legend>
        <fieldset className="rate-stars-group">
          <legend className="visually-hidden">{t('starsFor', { dish: line.title })}</legend>
          {STARS.map((n) => (
            <label key={n} className="rate-star">
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={draft.stars === n}
                onChange={() => onChange({ ...draft, stars: n })}
              />
              <span aria-hidden="true">{n <= (draft.stars ?? 0) ? '★' : '☆'}</span>
              <span className="rate-star__label">{t(`star.${n}`)}</span>
            </label>
          ))}
        </fieldset>
        <div role="group" aria-label={t('tagsFor', { dish: line.title })} className="rate-tags">
          {RATING_TAG_LIST.map((tag) => (
            <button key={tag} type="button" className="rate-tag" aria-pressed={draft.tags.includes(tag)} onClick={() => toggle(tag)}>
              {t(`tags.${tag}`)}
            </button>
          ))}
        </div>
        <label className="rate-comment" htmlFor={`${id}-comment`}>
          {t('comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          className="input rate-comment__input"
          rows={2}
          maxLength={RATING_COMMENT_MAX}
          value={draft.comment}
          aria-describedby={`${id}-count`}
          onChange={(e) => onChange({ ...draft, comment: e.target.value })}
        />
        <p id={`${id}-count`} className="rate-count">
          {t('count', { n: draft.comment.length, max: RATING_COMMENT_MAX })}
        </p>
      </fieldset>
    </li>
  );
}

export interface RatingFormProps {
  data: OrderRatings;
  saving: boolean;
  /** The server's refusal, shown above the button. */
  error: string | null;
  onSubmit(input: RateInput): void;
}

/**
 * The eater's rating of one order (decision 079): rated dishes as text with the kitchen's answer,
 * the others as inputs while the window is open. Dishes left without stars are not sent.
 */
export function RatingForm({ data, saving, error, onSubmit }: RatingFormProps) {
  const { t, i18n } = useTranslation('ratings');
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [missing, setMissing] = useState(false);
  const open = data.lines.filter((l) => !l.rated);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ratings = open.flatMap((l) => {
      const d = drafts[l.dish_id];
      return d?.stars ? [{ dish_id: l.dish_id, stars: d.stars, tags: d.tags, comment: d.comment }] : [];
    });
    setMissing(ratings.length === 0);
    if (ratings.length > 0) onSubmit({ ratings });
  };
  const rated = data.lines.filter((l) => l.rated);
  return (
    <div className="rate">
      {rated.length > 0 && (
        <ul className="rate-lines" aria-label={t('rated')}>
          {rated.map((l) => (
            <RatedLine key={l.dish_id} line={l} />
          ))}
        </ul>
      )}
      {data.open && open.length > 0 ? (
        <form onSubmit={submit} noValidate className="rate-form">
          <p className="rate-hint">{t('until', { day: data.until ? formatDate(Date.parse(data.until) - 1, i18n.language) : '' })}</p>
          <ul className="rate-lines">
            {open.map((l) => (
              <LineInput
                key={l.dish_id}
                line={l}
                draft={drafts[l.dish_id] ?? EMPTY}
                onChange={(d) => setDrafts((all) => ({ ...all, [l.dish_id]: d }))}
              />
            ))}
          </ul>
          {missing && <Notice tone="error">{t('chooseStars')}</Notice>}
          {error && <Notice tone="error">{error}</Notice>}
          <Button type="submit" variant="primary" loading={saving}>
            {t('save')}
          </Button>
        </form>
      ) : (
        open.length > 0 && <p className="rate-hint">{data.delivered_at ? t('closed') : t('notYet')}</p>
      )}
    </div>
  );
}
