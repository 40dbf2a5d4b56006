import { keepPreviousData } from '@tanstack/react-query';
import type {
  DishRatingReport,
  LocationRatings,
  RatingComment,
  RatingCommentPage,
  RatingDishList,
  RatingPeriod,
} from '../../../shared/schemas/rating-reports';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { DishRatingReport, LocationRatings, RatingComment, RatingCommentPage, RatingDishList, RatingPeriod };
export { RATING_PERIODS } from '../../../shared/schemas/rating-reports';

export const RATING_REPORTS_KEY = ['rating-reports'] as const;

export function useRatedDishes(period: RatingPeriod, enabled: boolean) {
  return useApiQuery<RatingDishList>([...RATING_REPORTS_KEY, 'dishes', period], '/app/rating-reports/dishes', {
    query: { period },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useLocationRatings(period: RatingPeriod, enabled: boolean) {
  return useApiQuery<LocationRatings>([...RATING_REPORTS_KEY, 'location', period], '/app/rating-reports/my-location', {
    query: { period },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDishReport(id: number, period: RatingPeriod) {
  return useApiQuery<DishRatingReport>([...RATING_REPORTS_KEY, 'dish', id, period], `/app/rating-reports/dishes/${id}`, {
    query: { period },
    placeholderData: keepPreviousData,
  });
}

export function useDishComments(id: number, period: RatingPeriod, page: number) {
  return useApiQuery<RatingCommentPage>(
    [...RATING_REPORTS_KEY, 'comments', id, period, page],
    `/app/rating-reports/dishes/${id}/comments`,
    {
      query: { period, page },
      placeholderData: keepPreviousData,
    },
  );
}

export const ratingReportsApi = {
  answer: (id: number, answer: string) =>
    api.put<Pick<RatingComment, 'id' | 'answer' | 'answered_at'>>(`/app/ratings/${id}/answer`, { answer }),
};
