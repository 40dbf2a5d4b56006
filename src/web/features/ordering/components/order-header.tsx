import { useId } from 'react';
import { Link } from 'react-router';
import type { OrderPageData } from '../../../../shared/schemas/ordering';
import { HtmlContent } from '../../../components/ui/html-content';
import { formatDate, formatDeadline, formatTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import type { ReceivedOrderPage, useDishlists } from '../api';
import { fillDeadline } from '../model/deadline';
import { DeadlineCountdown } from './deadline-countdown';

type Dishlist = NonNullable<ReturnType<typeof useDishlists>['data']>['dishlists'][number];

interface OrderHeaderProps {
  /** The menus on offer, soonest deadline first. */
  available: readonly Dishlist[];
  chosen: Dishlist | null;
  /** The chosen menu's answer, once it is in. */
  data: (ReceivedOrderPage & { dishlist: NonNullable<OrderPageData['dishlist']> }) | null;
  /** The provider's header text (HTML, decision 057). */
  headerText: string | null;
  /** The menus are not in yet: their selector and deadline keep their place, unseen (decision 095). */
  pending?: boolean;
  onChoose(id: number): void;
}

/** The order page's header: its title, the menu selector, the deadline with its countdown, the week link and the provider's text. */
export function OrderHeader({ available, chosen, data, headerText, pending = false, onChoose }: OrderHeaderProps) {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const selectId = useId();
  return (
    <header className="order-header card">
      <div className="order-header__top">
        <h1 className="page__title order-header__title">{t('newOrder.title')}</h1>
        {available.length > 0 && (
          <div className="order-header__menu">
            <label htmlFor={selectId} className="field__label">
              {t('menu.label')}
            </label>
            <select id={selectId} className="input ord-select" value={chosen?.id ?? ''} onChange={(e) => onChoose(Number(e.target.value))}>
              {available.map((d) => {
                const day = formatDate(d.from, lang, d.timezone);
                return (
                  <option key={d.id} value={d.id}>
                    {d.title.includes(day) ? d.title : `${d.title} (${day})`}
                  </option>
                );
              })}
            </select>
          </div>
        )}
        {pending && available.length === 0 && (
          // The same label and field, unseen and out of the accessibility tree: when the menus
          // arrive the real ones take their place without moving what is below (layout shift).
          <div className="order-header__menu is-reserved" aria-hidden="true">
            <span className="field__label">{t('menu.label')}</span>
            <select className="input ord-select" disabled tabIndex={-1} />
          </div>
        )}
      </div>
      {pending && !chosen && (
        <p className="order-header__deadline is-reserved" aria-hidden="true">
          {t('menu.orderUntil')} 00:00 00.00.0000
        </p>
      )}
      {chosen && (
        <p className="order-header__deadline">
          <span className="muted">{t('menu.orderUntil')}</span>{' '}
          <time dateTime={chosen.to}>{formatDeadline(data?.dishlist.to ?? chosen.to, lang, chosen.timezone)}</time>
          {data && <DeadlineCountdown answer={data} />}
        </p>
      )}
      {/* Always there, so the header does not grow when the menus arrive (layout shift). */}
      <p className="order-header__week">
        <Link className="link" to="/week">
          {t('week.link')}
        </Link>
      </p>
      {headerText && (
        <HtmlContent
          className="order-header__info"
          html={fillDeadline(headerText, chosen ? formatTime(data?.dishlist.to ?? chosen.to, lang, chosen.timezone) : null)}
        />
      )}
    </header>
  );
}
