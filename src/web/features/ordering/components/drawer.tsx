import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';

interface DrawerProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The cart's panel sliding in from the right. Focus starts on its close button; focus handling,
 * Escape, the inert page and the curtain are Dialog's.
 */
export function Drawer(props: DrawerProps) {
  return <Dialog {...props} placement="side" />;
}
