import { useTranslation } from '../../../lib/i18n';
import { Notice } from '../../../components/ui/notice';
import { formatEuros } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import type { RefillLine } from '../model/refill';
import type { RestoredCart } from '../model/restore';
import type { AgainState } from '../use-order-again';

function lineTitle(line: RefillLine): string {
  return line.options.length > 0 ? `${line.title} (${line.options.map((o) => o.title).join(', ')})` : line.title;
}

/** The past order named by `?again=` could not be read (someone else's, or gone). */
export function OrderAgainNotFound({ id }: { id: string }) {
  const { t } = useTranslation('reorder');
  return <Notice tone="warning">{t('again.notFound', { id })}</Notice>;
}

/** What "Order again" put in the cart, and the lines of the past order it could not (named, with why). */
export function OrderAgainNotice({ again, menuTitle }: { again: AgainState; menuTitle: string }) {
  const { t } = useTranslation('reorder');
  const { result, orderId, change } = again;
  const key = change ? 'change' : 'again';
  const fewer = result.added.filter((a) => a.quantity < a.line.quantity);
  const tone = result.missing.length > 0 || fewer.length > 0 ? 'warning' : 'success';
  return (
    <Notice tone={tone} className="ord-again">
      <p>
        {result.added.length > 0
          ? t(`${key}.refilled`, { id: orderId, menu: menuTitle })
          : t(`${key}.nothing`, { id: orderId, menu: menuTitle })}
      </p>
      {result.missing.length > 0 && (
        <>
          <p>{t('again.missing')}</p>
          <ul className="ord-again__list">
            {result.missing.map((m, i) => (
              <li key={i}>
                {lineTitle(m.line)} — {t(`again.reason.${m.reason}`)}
              </li>
            ))}
          </ul>
        </>
      )}
      {fewer.length > 0 && (
        <ul className="ord-again__list">
          {fewer.map((a, i) => (
            <li key={i}>
              {lineTitle(a.line)} — {t('again.fewer', { count: a.quantity })}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

/** The cart kept in the tab came back changed: what was dropped, reduced or repriced (issue 24). */
export function CartRestoredNotice({ restored }: { restored: RestoredCart }) {
  const { t } = useTranslation('reorder');
  const lang = useSession((s) => s.lang);
  return (
    <Notice tone="warning" className="ord-again ord-restored">
      <p>{t('restored.changed')}</p>
      <ul className="ord-again__list">
        {restored.missing.map((m, i) => (
          <li key={`m${i}`}>
            {m.title} — {t(`again.reason.${m.reason}`)}
          </li>
        ))}
        {restored.fewer.map((f, i) => (
          <li key={`f${i}`}>
            {f.title} — {t('again.fewer', { count: f.quantity })}
          </li>
        ))}
        {restored.repriced.map((r, i) => (
          <li key={`p${i}`}>
            {r.title} — {t('restored.price', { price: formatEuros(r.priceCents / 100, lang) })}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
