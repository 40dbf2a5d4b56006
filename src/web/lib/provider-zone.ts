import type { ProviderList } from '../../shared/schemas/providers';
import { DEFAULT_ZONE } from './format';
import { useApiQuery } from './query';
import { useSession } from './session-store';

/**
 * The active provider's time zone (providers.timezone): menu times and deadlines are read in it.
 * Shares the providers list query (key ['providers']) with the providers page.
 */
export function useProviderZone(): { zone: string; ready: boolean } {
  const chosen = useSession((s) => s.activeProviderId);
  const list = useApiQuery<ProviderList>(['providers'], '/app/providers', { staleTime: 60_000 });
  const id = chosen ?? list.data?.active_provider_id ?? null;
  // Until the list answers (or if it fails) the business default stands in.
  return { zone: list.data?.data.find((p) => p.id === id)?.timezone ?? DEFAULT_ZONE, ready: !list.isPending };
}
