import type { ReactNode } from 'react';

interface NoticeProps {
  tone?: 'info' | 'success' | 'error' | 'warning';
  children: ReactNode;
  className?: string;
}

/** A message block. Errors are announced at once (role=alert), others politely (role=status). */
export function Notice({ tone = 'info', children, className }: NoticeProps) {
  return (
    <div className={`notice notice--${tone} ${className ?? ''}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
