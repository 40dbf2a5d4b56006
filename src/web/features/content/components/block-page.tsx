import { useTranslation } from '../../../lib/i18n';
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
  // Blocks usually open with their own <h1>; then that is the page heading and ours would repeat it.
  const ownHeading = /^\s*<h1[\s>]/i.test(block.data?.text ?? '');

  return (
    <article className="page page--narrow">
      {!ownHeading && <h1 className="page__title">{title}</h1>}
      <div className="card">
        {block.isPending ? (
          <Spinner block />
        ) : block.data ? (
          <HtmlContent html={block.data.text ?? ''} className={ownHeading ? 'prose--titled' : undefined} />
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
