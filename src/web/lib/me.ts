import type { Profile } from '../../shared/schemas/account';
import { useApiQuery } from './query';
import { useSession } from './session-store';

/** GET /app/me (spec 3, User profile). */
export type Me = Profile;

/** Query key prefix for the signed-in user; invalidate ['me'] after changing the profile. */
export const ME_KEY = ['me'] as const;

/** The signed-in user's profile, shared by every feature through the query cache. */
export function useMe() {
  const token = useSession((s) => s.token);
  return useApiQuery<Me>(ME_KEY, '/app/me', { enabled: Boolean(token), staleTime: 60_000 });
}
