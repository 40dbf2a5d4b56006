import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { VISITOR_LINKS_KEY } from '../api';
import { GuestOrderForm } from '../components/guest-order-form';
import { LinkList } from '../components/link-list';
import { NewLinkForm } from '../components/new-link-form';
import '../visitors.css';

/** /visitors: a host (a location's manager, staff) orders for visitors or sends them a link (decision 077). */
export function Component() {
  const { t } = useTranslation('visitors');
  useDocumentTitle(t('title'));
  const me = useMe();
  const client = useQueryClient();
  const [fresh, setFresh] = useState<ReadonlyMap<number, string>>(new Map());
  const refresh = () => void client.invalidateQueries({ queryKey: VISITOR_LINKS_KEY });

  let body;
  if (!me.data) body = <Spinner block />;
  else {
    const staff = me.data.role !== 'customer';
    body =
      !staff && !me.data.is_location_manager ? (
        <Notice tone="info">{t('notHost')}</Notice>
      ) : (
        <div className="visitors-layout">
          <NewLinkForm
            staff={staff}
            onCreated={(link) => {
              setFresh((prev) => new Map(prev).set(link.id, link.url));
              refresh();
            }}
          />
          <GuestOrderForm staff={staff} onOrdered={refresh} />
          <LinkList fresh={fresh} onChanged={refresh} />
        </div>
      );
  }
  return (
    <section className="page visitors-page" aria-labelledby="visitors-title">
      <h1 id="visitors-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {body}
    </section>
  );
}
