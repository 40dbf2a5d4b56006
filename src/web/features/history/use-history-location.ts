import { useSearchParams } from 'react-router';
import { useMe } from '../../lib/me';
import { useLocations } from './api';

/**
 * Whose history: a customer's own location; staff choose one (kept in ?location= so links and
 * reloads keep it), defaulting to their own location or the first one.
 */
export function useHistoryLocation() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const isStaff = me.data ? !me.data.is_customer : false;
  const locations = useLocations(isStaff);
  const asked = Number(params.get('location'));
  let locationId: number | null = null;
  if (me.data) {
    if (!isStaff) locationId = me.data.location?.id ?? null;
    else if (Number.isInteger(asked) && asked > 0) locationId = asked;
    else locationId = me.data.location?.id ?? locations.data?.data[0]?.id ?? null;
  }
  const setLocation = (id: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('location', String(id));
      return next;
    });
  return {
    me,
    isStaff,
    locations: locations.data?.data ?? [],
    locationsPending: isStaff && locations.isPending,
    locationId,
    setLocation,
    /** Query string to carry the staff choice into links. */
    suffix: isStaff && locationId !== null ? `?location=${locationId}` : '',
  };
}
