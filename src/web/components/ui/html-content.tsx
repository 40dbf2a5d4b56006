import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html';

/** Server HTML (privacy, terms, info texts) rendered as formatted content after sanitising. */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={`prose ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
