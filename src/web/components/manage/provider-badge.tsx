import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { ADMINS, hasRole } from '../../../shared/roles';
import type { ProviderList } from '../../../shared/schemas/providers';
import { useMe } from '../../lib/me';
import { useApiQuery } from '../../lib/query';
import { useSession } from '../../lib/session-store';
import '../../styles/ui-extras.css';

/**
 * The provider whose catalogue or menus a page shows and edits (issue 13): named on every
 * catalogue and menu page, so switching provider never looks like lost data. Administrators get
 * a link to the providers page, where the active provider is chosen.
 */
export function ProviderBadge() {
  const { t } = useTranslation('common');
  const chosen = useSession((s) => s.activeProviderId);
  const me = useMe();
  const list = useApiQuery<ProviderList>(['providers'], '/app/providers', { staleTime: 60_000 });
  const id = chosen ?? list.data?.active_provider_id ?? null;
  const provider = list.data?.data.find((p) => p.id === id);
  if (!provider) return null;
  return (
    <p className="provider-badge">
      {t('manage.provider')} <strong>{provider.title}</strong>
      {hasRole(me.data?.role, ADMINS) && (list.data?.data.length ?? 0) > 1 && (
        <>
          {' · '}
          <Link className="link" to="/providers">
            {t('manage.changeProvider')}
          </Link>
        </>
      )}
    </p>
  );
}
