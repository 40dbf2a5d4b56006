import { Dialog, type DialogProps } from './dialog';

export type ModalProps = Omit<DialogProps, 'placement'>;

/** A centred dialog (forms, confirmations); all behaviour lives in Dialog. */
export function Modal(props: ModalProps) {
  return <Dialog {...props} placement="center" />;
}
