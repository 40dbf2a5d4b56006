import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AUDIENCE_KINDS, CHANNELS, type AudienceKind } from '../../../../shared/schemas/announcements';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/error-message';
import { CheckboxField, Field, TextAreaField, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import {
  ANNOUNCEMENTS_KEY,
  announcementsApi,
  useAnnouncement,
  useAudienceChoices,
  type AnnouncementDetail,
  type AnnouncementInput,
} from '../api';
import { LangTabs, type TextLang } from '../components/lang-tabs';
import '../announcements.css';

type Texts = Record<TextLang, string>;
const EMPTY: Texts = { lv: '', en: '', ru: '' };
const MULTI: AudienceKind[] = ['locations', 'shifts', 'laps'];
const CHOICES = { locations: 'locations', shifts: 'shifts', laps: 'laps', menu: 'menus', dish: 'dishes' } as const;

/** An ISO instant as a datetime-local value in the browser's zone, and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

/** /announcements/new and /announcements/{id}/edit: texts per language, audience, time and channels. */
export function Component() {
  const { t } = useTranslation('announcements');
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  useDocumentTitle(id ? t('editTitle') : t('newTitle'));
  const existing = useAnnouncement(id);
  if (id !== null && existing.isPending) return <Spinner />;
  if (id !== null && !existing.data) return <Notice tone="error">{errorMessage(existing.error, t('notFound'))}</Notice>;
  return <Editor id={id} initial={existing.data ?? null} />;
}

function Editor({ id, initial }: { id: number | null; initial: AnnouncementDetail | null }) {
  const { t } = useTranslation('announcements');
  const choices = useAudienceChoices();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [tab, setTab] = useState<TextLang>('lv');
  const [title, setTitle] = useState<Texts>(initial?.titles ?? EMPTY);
  const [body, setBody] = useState<Texts>(initial?.bodies ?? EMPTY);
  const [kind, setKind] = useState<AudienceKind>((initial?.audience.kind as AudienceKind) ?? 'locations');
  const [ids, setIds] = useState<number[]>(initial?.audience.ids ?? []);
  const [channels, setChannels] = useState<string[]>(initial?.channels ?? ['banner']);
  const [sendAt, setSendAt] = useState(toLocal(initial?.send_at ?? null));
  const [bannerUntil, setBannerUntil] = useState(toLocal(initial?.banner_until ?? null));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState<number | null>(null);

  const input = (): AnnouncementInput => ({
    title,
    body,
    audience: { kind, ids: kind === 'all' ? [] : ids },
    channels: channels as AnnouncementInput['channels'],
    send_at: fromLocal(sendAt),
    banner_until: channels.includes('banner') ? fromLocal(bannerUntil) : null,
  });
  const err = (key: string) => errors[key]?.[0];

  const save = async (then: 'draft' | 'schedule') => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const saved = (id ? await announcementsApi.update(id, input()) : await announcementsApi.create(input()))!;
      if (then === 'schedule' && saved.status === 'draft') await announcementsApi.schedule(saved.id);
      void client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
      void navigate(`/announcements/${saved.id}`, { state: { notice: then === 'schedule' ? 'scheduled' : 'saved' } });
    } catch (e) {
      const fields = e instanceof ApiError ? e.errors : {};
      setErrors(fields);
      const bad = (['lv', 'en', 'ru'] as const).find((l) => fields[`title.${l}`] || fields[`body.${l}`]);
      if (bad) setTab(bad);
      setFailure(errorMessage(e, t('saved')));
    } finally {
      setBusy(false);
    }
  };

  const preview = async () => {
    try {
      setCount((await announcementsApi.preview({ kind, ids: kind === 'all' ? [] : ids }))?.count ?? null);
    } catch (e) {
      setFailure(errorMessage(e, t('preview')));
    }
  };

  const options = kind === 'all' ? [] : (choices.data?.[CHOICES[kind]] ?? []);
  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  return (
    <div className="page announcement-editor">
      <p>
        <Link to="/announcements">{t('back')}</Link>
      </p>
      <h1 className="page__title">{id ? t('editTitle') : t('newTitle')}</h1>
      {failure && <Notice tone="error">{failure}</Notice>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save('draft');
        }}
      >
        <LangTabs value={tab} onChange={setTab} marked={(l) => Boolean(err(`title.${l}`) || err(`body.${l}`))}>
          {(l) => (
            <>
              <TextField
                label={`${t('fields.title')} (${t(`langs.${l}`)})`}
                required={l === 'lv'}
                maxLength={120}
                value={title[l]}
                error={err(`title.${l}`)}
                onChange={(e) => setTitle({ ...title, [l]: e.target.value })}
              />
              <TextAreaField
                label={`${t('fields.body')} (${t(`langs.${l}`)})`}
                required={l === 'lv'}
                maxLength={2000}
                rows={5}
                value={body[l]}
                error={err(`body.${l}`)}
                onChange={(e) => setBody({ ...body, [l]: e.target.value })}
              />
            </>
          )}
        </LangTabs>
        <p className="muted">{t('fallbackHint')}</p>

        <Field label={t('fields.audience')} error={err('audience.kind')}>
          {(p) => (
            <select
              {...p}
              className="input"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as AudienceKind);
                setIds([]);
                setCount(null);
              }}
            >
              {AUDIENCE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`audience.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {kind !== 'all' && MULTI.includes(kind) && (
          <fieldset className="announcement-editor__choices">
            <legend>{t(`audience.${kind}`)}</legend>
            {err('audience.ids') && <p className="field__error">{err('audience.ids')}</p>}
            {options.map((o) => (
              <CheckboxField key={o.id} label={o.title} checked={ids.includes(o.id)} onChange={() => setIds(toggle(ids, o.id))} />
            ))}
          </fieldset>
        )}
        {kind !== 'all' && !MULTI.includes(kind) && (
          <Field label={t(`audience.${kind}`)} error={err('audience.ids')}>
            {(p) => (
              <select
                {...p}
                className="input"
                value={ids[0] ?? ''}
                onChange={(e) => setIds(e.target.value ? [Number(e.target.value)] : [])}
              >
                <option value="">{t('fields.ids')}</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <p className="announcement-editor__preview">
          <Button type="button" size="sm" onClick={() => void preview()}>
            {t('preview')}
          </Button>{' '}
          <span role="status">{count !== null ? t('previewCount', { count }) : ''}</span>
        </p>

        <fieldset className="announcement-editor__channels">
          <legend>{t('fields.channels')}</legend>
          {err('channels') && <p className="field__error">{err('channels')}</p>}
          {CHANNELS.map((c) => (
            <CheckboxField
              key={c}
              label={t(`channels.${c}`)}
              checked={channels.includes(c)}
              onChange={() => setChannels(toggle(channels, c))}
            />
          ))}
        </fieldset>
        <TextField
          type="datetime-local"
          label={t('fields.sendAt')}
          hint={t('fields.sendAtHint')}
          value={sendAt}
          error={err('send_at')}
          onChange={(e) => setSendAt(e.target.value)}
        />
        {channels.includes('banner') && (
          <TextField
            type="datetime-local"
            label={t('fields.bannerUntil')}
            hint={t('fields.bannerUntilHint')}
            value={bannerUntil}
            error={err('banner_until')}
            onChange={(e) => setBannerUntil(e.target.value)}
          />
        )}
        <div className="announcement-editor__actions">
          <Button type="submit" loading={busy}>
            {t('saveDraft')}
          </Button>
          <Button type="button" variant="primary" loading={busy} onClick={() => void save('schedule')}>
            {t('schedule')}
          </Button>
        </div>
      </form>
    </div>
  );
}
