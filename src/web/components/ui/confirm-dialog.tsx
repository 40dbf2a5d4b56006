import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from './button';
import { Modal } from './modal';
import { Notice } from './notice';
import '../../styles/ui-extras.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What is about to happen, e.g. "Delete the dish “Soup”?". */
  message: ReactNode;
  /** Text of the confirming button ("Delete", "Remove"). */
  confirmLabel: string;
  /** Text of the dismissing button (default "Cancel"; say "Keep the order" when the action itself is a cancel). */
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  /** The action is running: the confirm button shows a spinner and the dialog stays open. */
  busy?: boolean;
  /** Why the action failed (e.g. the server refused because the record is in use). */
  error?: string | null;
  tone?: 'danger' | 'primary';
}

/**
 * Confirmation before destroying data. Focus starts on Cancel so an accidental Enter does no harm;
 * Escape or a click on the curtain cancels (unless the action is already running).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  error,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      open={open}
      title={title}
      onClose={cancel}
      size="sm"
      initialFocus={cancelRef}
      footer={
        <>
          {/* A plain button: the shared Button does not take a ref. */}
          <button ref={cancelRef} type="button" className="btn btn--secondary" onClick={cancel} disabled={busy}>
            {cancelLabel ?? t('cancel')}
          </button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error && <Notice tone="error">{error}</Notice>}
      <p className="confirm-dialog__message">{message}</p>
    </Modal>
  );
}
