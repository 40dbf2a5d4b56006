import type {
  InvitationResult,
  InvitationsResult,
  InviteResult,
  MemberResult,
  NotifyResult,
  ReportLinkResult,
  ReportPeriod,
  TeamMember,
  TeamResult,
} from '../../../shared/schemas/teams';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { InvitationResult, InvitationsResult, InviteResult, MemberResult, NotifyResult, ReportPeriod, TeamMember, TeamResult };

export const TEAM_KEY = ['team'] as const;

/** The manager's location and its members (GET /app/me/team). */
export function useTeam() {
  return useApiQuery<TeamResult>(TEAM_KEY, '/app/me/team', { staleTime: 0, retry: false });
}

export const INVITATIONS_KEY = [...TEAM_KEY, 'invitations'] as const;

/** The location's pending e-mailed invitations (GET /app/me/invitations); under TEAM_KEY, so an invitation refreshes it. */
export function useInvitations() {
  return useApiQuery<InvitationsResult>(INVITATIONS_KEY, '/app/me/invitations', { staleTime: 0, retry: false });
}

// Invitations and the notice are forms a person waits on: a 429 shows its message (decision 010).
export const teamApi = {
  invite: (emails: string[]) => api.post<InviteResult>('/app/me/invite', { emails }, { rateLimitError: true }),
  revokeInvitation: (id: number) => api.delete<InvitationResult>(`/app/me/invitations/${id}`),
  resendInvitation: (id: number) => api.post<InvitationResult>(`/app/me/invitations/${id}/resend`, {}, { rateLimitError: true }),
  deactivate: (id: number) => api.delete<MemberResult>(`/app/me/deactivate/${id}`),
  activate: (id: number) => api.get<MemberResult>(`/app/me/activate/${id}`),
  notifyLunchDelivered: () => api.get<NotifyResult>('/app/me/notify-lunch-is-delivered', { rateLimitError: true }),
  reportLink: (period: ReportPeriod) => api.post<ReportLinkResult>('/app/me/team/report-link', period),
};
