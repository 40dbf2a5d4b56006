import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { sendReview } from './shell-api';

interface ReviewModalProps {
  open: boolean;
  onClose(): void;
  onSent(): void;
}

/**
 * "Leave Review" dialog (spec 2/4/5). The draft survives closing and failed sends, so nothing the
 * user typed is lost; it clears only after a successful send.
 */
export function ReviewModal({ open, onClose, onSent }: ReviewModalProps) {
  const { t } = useTranslation('shell');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const empty = message.trim() === '';

  const submit = async () => {
    if (empty || sending) return;
    setSending(true);
    try {
      const sent = await sendReview(message.trim());
      if (sent) {
        setMessage('');
        onClose();
        onSent();
      }
    } catch (error) {
      // Spec 8: a failed review send is only logged.
      console.error('Review send failed', error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('review.title')}
      initialFocus={textareaRef}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('review.cancel')}
          </Button>
          <Button variant="primary" type="submit" form="review-form" disabled={empty} loading={sending}>
            {t('review.submit')}
          </Button>
        </>
      }
    >
      <form
        id="review-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextAreaField
          ref={textareaRef}
          label={t('review.label')}
          name="message"
          rows={6}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          onKeyDown={(e) => {
            // Ctrl/Cmd+Enter sends, a common shortcut in message boxes.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void submit();
            }
          }}
        />
      </form>
    </Modal>
  );
}
