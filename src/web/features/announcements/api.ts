import type {
  AnnouncementDetail,
  AnnouncementInput,
  AnnouncementList,
  AnnouncementSummary,
  AudienceChoices,
  AudienceInput,
  PreviewCount,
} from '../../../shared/schemas/announcements';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { AnnouncementDetail, AnnouncementInput, AnnouncementSummary, AudienceChoices };

export const ANNOUNCEMENTS_KEY = ['announcements'] as const;

export const useAnnouncements = () => useApiQuery<AnnouncementList>(ANNOUNCEMENTS_KEY, '/app/announcements', { staleTime: 0 });
export const useAnnouncement = (id: number | null) =>
  useApiQuery<AnnouncementDetail>([...ANNOUNCEMENTS_KEY, id], `/app/announcements/${id}`, { enabled: id !== null, staleTime: 0 });
export const useAudienceChoices = () => useApiQuery<AudienceChoices>([...ANNOUNCEMENTS_KEY, 'choices'], '/app/announcements/choices');

export const announcementsApi = {
  create: (input: AnnouncementInput) => api.post<AnnouncementDetail>('/app/announcements', input),
  update: (id: number, input: AnnouncementInput) => api.put<AnnouncementDetail>(`/app/announcements/${id}`, input),
  schedule: (id: number) => api.post<AnnouncementDetail>(`/app/announcements/${id}/schedule`, {}),
  send: (id: number) => api.post<AnnouncementDetail>(`/app/announcements/${id}/send`, {}),
  cancel: (id: number) => api.post<AnnouncementDetail>(`/app/announcements/${id}/cancel`, {}),
  preview: (audience: AudienceInput) => api.post<PreviewCount>('/app/announcements/preview', audience),
};
