import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every public account page uses. */
export function AuthCard({ title, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <section className="auth-card card" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="auth-card__title">
        {title}
      </h1>
      {children}
      {footer && <div className="auth-card__footer">{footer}</div>}
    </section>
  );
}
