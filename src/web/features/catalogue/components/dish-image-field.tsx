import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { IMAGE_MAX_BYTES } from '../../../../shared/schemas/catalogue';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { pickText } from '../../../lib/translated-text';
import { IMAGE_ACCEPT, PREVIEW_WIDTH, catalogueApi, dishImageUrl, uploadDishImage, type Dish } from '../api';

const ACCEPTED = IMAGE_ACCEPT.split(',');

interface DishImageFieldProps {
  /** The saved dish; null for a new one (a picture needs a dish to belong to). */
  dish: Dish | null;
  /** After an upload or a removal, with the dish as the server now has it. */
  onChanged(dish: Dish): void;
}

/**
 * The dish's picture inside the dish editor (issue 24): preview, choose (png, gif, jpeg, up to
 * 5 MB, checked before sending), upload with progress, remove after an inline confirmation.
 * It takes effect at once, independently of the editor's Save; buttons are plain buttons, so
 * Enter in the editor still saves the form.
 */
export function DishImageField({ dish, onChanged }: DishImageFieldProps) {
  const { t, i18n } = useTranslation('catalogue');
  const inputId = useId();
  const [current, setCurrent] = useState(dish);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState(0);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [done, setDone] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const previewUrl = useRef<string | null>(null);

  const choose = (next: File | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    const url = next ? URL.createObjectURL(next) : null;
    previewUrl.current = url;
    setChosen(next && url ? { file: next, url } : null);
  };
  useEffect(
    () => () => {
      abort.current?.abort();
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const changed = (saved: Dish | undefined, message: string) => {
    if (!saved) return;
    setCurrent(saved);
    choose(null);
    if (input.current) input.current.value = '';
    setDone(message);
    onChanged(saved);
  };

  const upload = useMutation({
    mutationFn: (file: File) => {
      abort.current = new AbortController();
      setProgress(0);
      return uploadDishImage(current!.id, file, setProgress, abort.current.signal);
    },
    onMutate: () => setDone(''),
    onSuccess: (saved) => changed(saved, t('image.uploaded', { name: pickText(current!.title, i18n.language) })),
  });
  const remove = useMutation({
    mutationFn: () => catalogueApi.deleteImage(current!.id),
    onMutate: () => setDone(''),
    onSuccess: (saved) => {
      setConfirmRemove(false);
      changed(saved, t('image.removed', { name: pickText(current!.title, i18n.language) }));
    },
  });

  if (!current) {
    return (
      <fieldset className="dish-image">
        <legend className="field__label">{t('fields.image')}</legend>
        <p className="muted">{t('image.afterSave')}</p>
      </fieldset>
    );
  }

  const name = pickText(current.title, i18n.language);
  const busy = upload.isPending || remove.isPending;
  const uploadError =
    upload.error && !(upload.error instanceof DOMException)
      ? (isApiError(upload.error) && upload.error.first('image')) || errorMessage(upload.error, t('errors.uploadFailed'))
      : '';
  const removeError = remove.error ? errorMessage(remove.error, t('errors.deleteFailed')) : '';

  return (
    <fieldset className="dish-image" aria-busy={busy}>
      <legend className="field__label">{t('fields.image')}</legend>
      <div className="image-preview dish-image__preview">
        {chosen ? (
          <img src={chosen.url} alt={t('image.chosenAlt', { name })} className="image-preview__img" />
        ) : current.has_image ? (
          <img
            src={dishImageUrl(current, { width: PREVIEW_WIDTH })}
            width={PREVIEW_WIDTH}
            alt={t('image.alt', { name })}
            className="image-preview__img"
          />
        ) : (
          <p className="image-preview__empty muted">{t('image.none')}</p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('image.choose')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="input input--file"
          accept={IMAGE_ACCEPT}
          aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
          aria-invalid={fileError ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            upload.reset();
            setDone('');
            const problem = !picked
              ? ''
              : !ACCEPTED.includes(picked.type)
                ? t('image.wrongType')
                : picked.size > IMAGE_MAX_BYTES
                  ? t('image.tooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 })
                  : '';
            setFileError(problem);
            if (problem) {
              choose(null);
              e.target.value = '';
            } else choose(picked);
          }}
        />
        <p className="field__hint" id={`${inputId}-hint`}>
          {t('image.hint')}
        </p>
        {fileError && (
          <p className="field__error" id={`${inputId}-error`} role="alert">
            {fileError}
          </p>
        )}
      </div>
      {upload.isPending && (
        <div className="upload-progress">
          <label htmlFor={`${inputId}-progress`}>{t('image.uploading', { percent: Math.round(progress * 100) })}</label>
          <progress id={`${inputId}-progress`} max={1} value={progress} />
        </div>
      )}
      {uploadError && <Notice tone="error">{uploadError}</Notice>}
      {removeError && <Notice tone="error">{removeError}</Notice>}
      <p className="muted" role="status">
        {done}
      </p>
      {confirmRemove ? (
        <div className="dish-image__actions" role="group" aria-label={t('image.removeTitle')}>
          <span>{t('image.removeConfirm', { name })}</span>
          <Button size="sm" variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('image.remove')}
          </Button>
          <Button size="sm" disabled={remove.isPending} onClick={() => setConfirmRemove(false)}>
            {t('image.keep')}
          </Button>
        </div>
      ) : (
        <div className="dish-image__actions">
          <Button
            size="sm"
            variant="primary"
            disabled={!chosen || busy}
            loading={upload.isPending}
            onClick={() => chosen && upload.mutate(chosen.file)}
          >
            {current.has_image ? t('image.replace') : t('image.upload')}
          </Button>
          {current.has_image && (
            <Button
              size="sm"
              variant="ghost"
              className="btn--danger-text"
              disabled={busy}
              onClick={() => {
                remove.reset();
                setConfirmRemove(true);
              }}
            >
              {t('image.remove')}
            </Button>
          )}
        </div>
      )}
    </fieldset>
  );
}
