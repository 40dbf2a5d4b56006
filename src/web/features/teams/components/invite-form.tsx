import { useMutation } from '@tanstack/react-query';
import { useState, type ClipboardEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { teamApi, type InviteResult } from '../api';
import { InviteLink } from './invite-link';
import { MAX_INVITES_PER_CALL, pasteInto, removeRow, rowErrors, rowsToSend } from '../model/invite-rows';

interface Row {
  key: number;
  value: string;
}

let rowSeq = 0;
const newRow = (value = ''): Row => ({ key: ++rowSeq, value });

/**
 * Invitations by e-mail (spec 5: at least one row, the first cannot be removed, type email;
 * server errors per row as emails.{index}). Pasting a list into a row spreads it over rows.
 */
export function InviteForm({ inviteUrl, onInvited }: { inviteUrl: string; onInvited(): void }) {
  const { t } = useTranslation('teams');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<InviteResult | null>(null);

  const invite = useMutation({
    mutationFn: (emails: string[]) => teamApi.invite(emails),
  });

  const edit = (key: number, value: string) => {
    setRows((prev) => prev.map((r) => (r.key === key ? { ...r, value } : r)));
    setErrors((prev) => {
      if (!(key in prev)) return prev;
      const next = { ...prev };
      delete next[key];
      return next;
    });
    setResult(null);
  };

  const paste = (index: number, e: ClipboardEvent<HTMLInputElement>) => {
    const spread = pasteInto(
      rows.map((r) => r.value),
      index,
      e.clipboardData.getData('text'),
    );
    if (!spread) return;
    e.preventDefault();
    setRows(spread.map((value, i) => (i < rows.length && i !== index && rows[i]!.value === value ? rows[i]! : newRow(value))));
    setErrors({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setResult(null);
    const { emails, rowOf } = rowsToSend(rows.map((r) => r.value));
    if (emails.length === 0) {
      setErrors({ [rows[0]!.key]: t('invite.required') });
      return;
    }
    invite.mutate(emails, {
      onSuccess: (answer) => {
        if (!answer) return;
        setResult(answer);
        setRows([newRow()]);
        setErrors({});
        onInvited();
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.errors).length) {
          const byRow = rowErrors(error.errors, rowOf);
          setErrors(Object.fromEntries(Object.entries(byRow).map(([i, text]) => [rows[Number(i)]!.key, text])));
          const general = error.errors.emails?.[0];
          setFailure(general ?? (Object.keys(byRow).length ? null : error.message));
        } else {
          setFailure(errorMessage(error, t('invite.failed')));
        }
      },
    });
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
        {rows.map((row, i) => (
          <li key={row.key} className="team-invite__row">
            <TextField
              label={t('invite.emailLabel', { n: i + 1 })}
              type="email"
              inputMode="email"
              autoComplete="off"
              value={row.value}
              onChange={(e) => edit(row.key, e.target.value)}
              onPaste={(e) => paste(i, e)}
              error={errors[row.key]}
              placeholder={i === 0 ? t('invite.placeholder') : undefined}
            />
            {i > 0 && (
              <Button
                size="sm"
                variant="ghost"
                className="team-invite__remove"
                aria-label={t('invite.removeNamed', { n: i + 1 })}
                onClick={() => {
                  const next = removeRow(rows, i);
                  setRows(next);
                }}
              >
                ✕
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className="team-card__actions">
        <Button onClick={() => setRows((prev) => [...prev, newRow()])} disabled={rows.length >= MAX_INVITES_PER_CALL}>
          {t('invite.addRow')}
        </Button>
        <Button type="submit" variant="primary" loading={invite.isPending}>
          {t('invite.send')}
        </Button>
      </div>
      <InviteLink url={inviteUrl} />
    </form>
  );
}
