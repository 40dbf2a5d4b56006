import type { OrderRatings, PendingRatings, RateInput, RatingLine } from '../../../shared/schemas/ratings';
import { api } from '../../lib/api';

// Types only (`import type`): zod stays out of the pages that rate.
export type { OrderRatings, PendingRatings, RateInput, RatingLine };

/** Query keys of the eater's ratings (decision 079). */
export const RATINGS_KEY = ['ratings'] as const;
export const orderRatingsKey = (orderId: number | string) => [...RATINGS_KEY, 'order', String(orderId)] as const;
export const PENDING_RATINGS_KEY = [...RATINGS_KEY, 'pending'] as const;

export const ratingsApi = {
  rateOrder: (orderId: number, input: RateInput) => api.post<OrderRatings>(`/app/orders/${orderId}/ratings`, input),
  readLink: (token: string) => api.query<OrderRatings>(`/app/rate/${encodeURIComponent(token)}`),
  rateLink: (token: string, input: RateInput) => api.post<OrderRatings>(`/app/rate/${encodeURIComponent(token)}`, input),
};
