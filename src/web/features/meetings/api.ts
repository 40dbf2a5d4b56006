import type { CreateMeetingInput, MeetingOrder, MeetingsResult } from '../../../shared/schemas/meetings';
import type { CancelOrderResult } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { CreateMeetingInput, MeetingOrder, MeetingsResult };

export const MEETINGS_KEY = ['meetings'] as const;

/** GET /app/meetings: the location's meeting orders and its limit (a manager: their own; staff: the one named). */
export function useMeetings(locationId: number | null) {
  return useApiQuery<MeetingsResult>([...MEETINGS_KEY, locationId], '/app/meetings', {
    query: locationId !== null ? { location_id: locationId } : undefined,
    staleTime: 0,
    retry: false,
  });
}

export const meetingsApi = {
  create: (input: CreateMeetingInput) => api.post<MeetingOrder>('/app/meetings', input),
  cancel: (orderId: number) => api.post<CancelOrderResult>(`/app/order/${orderId}/cancel`, {}),
};
