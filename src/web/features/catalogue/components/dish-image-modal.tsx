import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { IMAGE_ACCEPT, PREVIEW_WIDTH, catalogueApi, dishImageUrl, uploadDishImage, type Dish } from '../api';
import { pickText } from '../../../lib/translated-text';

const ACCEPTED = IMAGE_ACCEPT.split(',');

interface DishImageModalProps {
  dish: Dish;
  onClose(): void;
  /** After an upload or a removal; the modal closes (spec 4, dish image). */
  onChanged(dish: Dish | undefined, change: 'uploaded' | 'removed'): void;
}

/** Preview (500 wide), upload with progress (png, gif, jpeg) and removal of a dish image. */
export function DishImageModal({ dish, onClose, onChanged }: DishImageModalProps) {
  const { t, i18n } = useTranslation('catalogue');
  const name = pickText(dish.title, i18n.language);
  const formId = useId();
  const inputId = useId();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const file = chosen?.file ?? null;
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState(0);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const previewUrl = useRef<string | null>(null);

  /** Keeps the chosen file with an object URL for its preview, freeing the previous one. */
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

  const upload = useMutation({
    mutationFn: (upFile: File) => {
      abort.current = new AbortController();
      setProgress(0);
      return uploadDishImage(dish.id, upFile, setProgress, abort.current.signal);
    },
    onSuccess: (saved) => onChanged(saved, 'uploaded'),
  });

  const remove = useMutation({
    mutationFn: () => catalogueApi.deleteImage(dish.id),
    onSuccess: (saved) => {
      setConfirmRemove(false);
      onChanged(saved, 'removed');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file && !upload.isPending) upload.mutate(file);
  };

  const uploadError =
    upload.error && !(upload.error instanceof DOMException)
      ? (isApiError(upload.error) && upload.error.first('image')) || errorMessage(upload.error, t('errors.uploadFailed'))
      : '';

  return (
    <>
      <Modal
        open={!confirmRemove}
        size="lg"
        title={t('image.title', { name })}
        onClose={() => {
          if (!upload.isPending) onClose();
        }}
        footer={
          <>
            {dish.has_image && (
              <Button variant="ghost" className="btn--danger-text" onClick={() => setConfirmRemove(true)} disabled={upload.isPending}>
                {t('image.remove')}
              </Button>
            )}
            <span className="dialog__spacer" />
            <Button onClick={onClose} disabled={upload.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="primary" disabled={!file} loading={upload.isPending}>
              {t('image.upload')}
            </Button>
          </>
        }
      >
        <form id={formId} className="form" onSubmit={submit}>
          {uploadError && <Notice tone="error">{uploadError}</Notice>}
          <div className="image-preview">
            {chosen ? (
              <img src={chosen.url} alt={t('image.chosenAlt', { name })} className="image-preview__img" />
            ) : dish.has_image ? (
              <img
                src={dishImageUrl(dish, { width: PREVIEW_WIDTH })}
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
              id={inputId}
              type="file"
              className="input input--file"
              accept={IMAGE_ACCEPT}
              aria-describedby={`${inputId}-hint`}
              disabled={upload.isPending}
              onChange={(e) => {
                const picked = e.target.files?.[0] ?? null;
                upload.reset();
                if (picked && !ACCEPTED.includes(picked.type)) {
                  choose(null);
                  setFileError(t('image.wrongType'));
                  e.target.value = '';
                  return;
                }
                setFileError('');
                choose(picked);
              }}
            />
            <p className="field__hint" id={`${inputId}-hint`}>
              {t('image.hint')}
            </p>
            {fileError && (
              <p className="field__error" role="alert">
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
        </form>
      </Modal>
      <ConfirmDialog
        open={confirmRemove}
        title={t('image.removeTitle')}
        message={t('image.removeConfirm', { name })}
        confirmLabel={t('image.remove')}
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t('errors.deleteFailed')) : null}
        onCancel={() => {
          remove.reset();
          setConfirmRemove(false);
        }}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
