import { useMutation } from '@tanstack/react-query';
import { useState, type ClipboardEvent, type FormEvent } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { inviteInput, type InviteInput } from '../../../../shared/schemas/teams';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { errorAt, useSchemaForm } from '../../../lib/forms';
import { teamApi, type InviteResult } from '../api';
import { CopyLink } from '../../../components/ui/copy-link';
import { MAX_INVITES_PER_CALL, pasteInto, rowErrors, rowsToSend } from '../model/invite-rows';

const emptyRow = { value: '' };
const blank = (value: unknown) => (typeof value === 'string' && !value.trim() ? undefined : value);

/**
 * The request schema reached from the rows: an empty row is left out, every other row is checked
 * as the address the server checks (its text under the row), and at least one row must be filled.
 */
const inviteForm = z
  .object({ rows: z.array(z.object({ value: z.preprocess(blank, inviteInput.shape.emails.element.optional()) })) })
  .superRefine(({ rows }, ctx) => {
    if (!rows.some((row) => row.value !== undefined))
      ctx.addIssue({ code: 'custom', path: ['rows', 0, 'value'], message: 'teams:invite.required' });
  })
  .transform(({ rows }) => ({ emails: rows.flatMap((row) => (row.value === undefined ? [] : [row.value])) }))
  .pipe(inviteInput) as z.ZodType<InviteInput, { rows: { value: string }[] }>;

/**
 * Invitations by e-mail (spec 5: at least one row, the first cannot be removed, type email;
 * server errors per row as emails.{index}). Pasting a list into a row spreads it over rows.
 */
export function InviteForm({ inviteUrl, onInvited }: { inviteUrl: string; onInvited(): void }) {
  const { t } = useTranslation('teams');
  const form = useSchemaForm(inviteForm, { defaultValues: { rows: [emptyRow] } });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<InviteResult | null>(null);

  const invite = useMutation({
    mutationFn: (emails: string[]) => teamApi.invite(emails),
  });

  const values = (): string[] => form.getValues('rows').map((row) => row.value);

  const paste = (index: number, e: ClipboardEvent<HTMLInputElement>) => {
    const spread = pasteInto(values(), index, e.clipboardData.getData('text'));
    if (!spread) return;
    e.preventDefault();
    rows.replace(spread.map((value) => ({ value })));
    form.clearErrors();
  };

  const send = ({ emails }: InviteInput) => {
    const { rowOf } = rowsToSend(values());
    invite.mutate(emails, {
      onSuccess: (answer) => {
        if (!answer) return;
        setResult(answer);
        form.reset({ rows: [emptyRow] });
        onInvited();
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.errors).length) {
          const byRow = rowErrors(error.errors, rowOf);
          for (const [i, text] of Object.entries(byRow)) form.setError(`rows.${Number(i)}.value`, { type: 'server', message: text });
          const general = error.errors.emails?.[0];
          setFailure(general ?? (Object.keys(byRow).length ? null : error.message));
        } else {
          setFailure(errorMessage(error, t('invite.failed')));
        }
      },
    });
  };

  const submit = (e: FormEvent) => {
    setFailure(null);
    setResult(null);
    void form.handleSubmit(send)(e);
  };

  return (
    <form className="card team-card" onSubmit={submit} noValidate aria-labelledby="team-invite-title">
      <h2 className="team-card__title" id="team-invite-title">
        {t('invite.title')}
      </h2>
      <p className="muted team-card__intro">{t('invite.intro')}</p>
      <div aria-live="polite">
        {result && (
          <Notice tone={result.sent.length ? 'success' : 'warning'}>
            <p className="team-result__message">{result.message}</p>
            {result.skipped.length > 0 && (
              <ul className="team-result__list">
                {result.skipped.map((s) => (
                  <li key={s.email}>
                    <strong>{s.email}</strong>: {s.message}
                  </li>
                ))}
              </ul>
            )}
          </Notice>
        )}
        {failure && <Notice tone="error">{failure}</Notice>}
      </div>
      <ol className="team-invite__rows">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="team-invite__row">
            <TextField
              label={t('invite.emailLabel', { n: i + 1 })}
              type="email"
              inputMode="email"
              autoComplete="off"
              {...form.register(`rows.${i}.value`, { onChange: () => setResult(null) })}
              onPaste={(e) => paste(i, e)}
              error={errorAt(form.formState.errors, `rows.${i}.value`)}
              placeholder={i === 0 ? t('invite.placeholder') : undefined}
            />
            {i > 0 && (
              <Button
                size="sm"
                variant="ghost"
                className="team-invite__remove"
                aria-label={t('invite.removeNamed', { n: i + 1 })}
                onClick={() => rows.remove(i)}
              >
                ✕
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className="team-card__actions">
        <Button onClick={() => rows.append(emptyRow, { shouldFocus: false })} disabled={rows.fields.length >= MAX_INVITES_PER_CALL}>
          {t('invite.addRow')}
        </Button>
        <Button type="submit" variant="primary" loading={invite.isPending}>
          {t('invite.send')}
        </Button>
      </div>
      <CopyLink className="copy-link team-invite__link" url={inviteUrl} label={t('invite.link')} hint={t('invite.linkHint')} />
    </form>
  );
}
