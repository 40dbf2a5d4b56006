import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { HtmlContent } from '../../../components/ui/html-content';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContentBlock, type BlockSlug } from '../api';

/** A server text block as a page: spinner until loaded, then formatted content. */
export function BlockPage({ slug, title }: { slug: BlockSlug; title: string }) {
  const { t } = useTranslation('content');
  useDocumentTitle(title);
  const block = useContentBlock(slug);

  return (
    <article className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <div className="card">
        {block.isPending ? (
          <Spinner block />
        ) : block.data ? (
          <HtmlContent html={block.data.text ?? ''} />
        ) : (
          <Notice tone="error">
            {t('loadFailed')}{' '}
            <Button size="sm" variant="ghost" onClick={() => void block.refetch()}>
              {t('retry')}
            </Button>
          </Notice>
        )}
      </div>
    </article>
  );
}
