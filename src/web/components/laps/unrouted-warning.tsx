import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import type { UnroutedList } from '../../../shared/schemas/laps';
import { useApiQuery } from '../../lib/query';
import { Notice } from '../ui/notice';
import '../../styles/ui-extras.css';

/**
 * GET /app/laps/unrouted: per menu whose day has not ended (or only `menuId`), the locations with
 * orders that no active lap delivers to. `queryKey` lets a live page refetch it with its orders.
 */
export function useUnrouted(queryKey: readonly unknown[], menuId?: number | null) {
  return useApiQuery<UnroutedList>([...queryKey, 'unrouted', menuId ?? 'all'], '/app/laps/unrouted', {
    query: menuId ? { menu_id: String(menuId) } : undefined,
    enabled: menuId !== null,
    staleTime: 0,
    retry: false,
  });
}

/**
 * The warning of the laps page and the orders page (issue 13): "these locations have orders but
 * no active lap goes there", per menu, with a link to the laps page. Nothing when all are routed.
 */
export function UnroutedWarning({
  data,
  showMenus,
  manageLink,
}: {
  data: UnroutedList | undefined;
  showMenus: boolean;
  manageLink: boolean;
}) {
  const { t } = useTranslation('laps');
  const menus = data?.data.filter((d) => d.locations.length > 0) ?? [];
  if (menus.length === 0) return null;
  return (
    <Notice tone="warning" className="unrouted-warning">
      <p>
        <strong>{t('unrouted.heading')}</strong>
      </p>
      <ul className="unrouted-warning__list">
        {menus.map((m) => (
          <li key={m.menu.id}>
            {showMenus && <>{m.menu.title}: </>}
            {m.locations.map((l) => t('unrouted.location', { title: l.title, n: l.orders })).join(', ')}
          </li>
        ))}
      </ul>
      {manageLink && (
        <p>
          <Link className="link" to="/laps">
            {t('unrouted.manage')}
          </Link>
        </p>
      )}
    </Notice>
  );
}
