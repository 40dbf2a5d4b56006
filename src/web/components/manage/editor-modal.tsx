import { useMutation } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { FieldErrors } from '../../lib/api';
import { useFieldErrors } from '../../lib/form-errors';
import { setServerErrors, type ServerErrorTarget } from '../../lib/forms';
import { Button } from '../ui/button';
import { FormErrorNotice } from '../ui/form-error-notice';
import { Modal } from '../ui/modal';

/**
 * Saving an editor's form: `submit(input)` sends it (once: ignored while a save runs); a 422
 * answer's field errors land under the fields: in the react-hook-form `form` when given (its
 * fields named by `shown`; editing re-checks and clears them), and all of them in `fieldErrors`
 * (for the parts of a form the library does not hold, e.g. a dish's complex groups). On success
 * `onSaved` gets the saved object. A rate-limited answer (undefined) does nothing.
 */
export function useEditorSave<Input, Saved>(
  save: (input: Input) => Promise<Saved | undefined>,
  onSaved: (saved: Saved) => void,
  form?: { form: ServerErrorTarget; shown: RegExp },
) {
  const fieldErrors = useFieldErrors();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      if (saved) onSaved(saved);
    },
    onError: (error) => {
      if (form) setServerErrors(form.form, error, form.shown);
      fieldErrors.fromError(error);
    },
  });
  return {
    fieldErrors,
    pending: mutation.isPending,
    error: mutation.error,
    submit: (input: Input) => {
      if (!mutation.isPending) mutation.mutate(input);
    },
    /** The form refused its values before sending: the last answer's summary goes. */
    clearError: () => mutation.reset(),
    /** Problems found before sending: shown like the server's, in place of its last answer. */
    showLocalErrors: (errors: FieldErrors) => {
      mutation.reset();
      fieldErrors.setErrors(errors);
    },
  };
}

export type EditorSave = Pick<ReturnType<typeof useEditorSave>, 'pending' | 'error'>;

export interface EditorModalProps {
  title: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** From useEditorSave: the Save button spins while pending; a failure shows above the form. */
  save: EditorSave;
  /** Field keys the form shows under its own controls; the others are listed in the summary on top. */
  shownFields: RegExp;
  /** Called on Save or Enter, never while a save is running; collect the input and call save.submit. */
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

/** A create/edit dialog: the form, Cancel and Save, and the failure summary (spec 5). */
export function EditorModal({ title, size, save, shownFields, onSubmit, onClose, children }: EditorModalProps) {
  const { t } = useTranslation('common');
  const formId = useId();
  return (
    <Modal
      open
      size={size}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" form={formId} variant="primary" loading={save.pending}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!save.pending) onSubmit();
        }}
      >
        <FormErrorNotice error={save.error} isShown={(k) => shownFields.test(k)} fallback={t('manage.saveFailed')} />
        {children}
      </form>
    </Modal>
  );
}
