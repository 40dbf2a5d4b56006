import { useState, type FormEvent } from 'react';
import { STOP_NOTE_MAX } from '../../../../shared/schemas/laps';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useTranslation } from '../../../lib/i18n';

/** Today's instant at "HH:MM" on this phone's clock (the driver is where the lunch goes). */
function todayAt(hhmm: string, now = new Date()): string | undefined {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return undefined;
  const d = new Date(now);
  d.setHours(Number(m[1]), Number(m[2]), 0, 0);
  return d.toISOString();
}

/** "Problem" at a stop: a note (required) and, if known, the new expected time. */
export function ProblemForm({
  title,
  onSend,
  onCancel,
}: {
  title: string;
  onSend: (note: string, estimate?: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('driver');
  const [note, setNote] = useState('');
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) {
      setError(t('noteRequired'));
      return;
    }
    onSend(note.trim(), at ? todayAt(at) : undefined);
  };
  return (
    <form className="driver-problem" onSubmit={submit} noValidate aria-label={t('problemFor', { title })}>
      <TextAreaField
        label={t('note')}
        required
        value={note}
        maxLength={STOP_NOTE_MAX}
        error={error ?? undefined}
        autoFocus
        rows={2}
        onChange={(e) => {
          setNote(e.target.value);
          setError(null);
        }}
      />
      <TextField label={t('estimate')} hint={t('estimateHint')} type="time" value={at} onChange={(e) => setAt(e.target.value)} />
      <div className="driver-actions__row">
        <Button className="driver-big" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="danger" className="driver-big">
          {t('sendProblem')}
        </Button>
      </div>
    </form>
  );
}
