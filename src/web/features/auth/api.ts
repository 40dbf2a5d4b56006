import { api } from '../../lib/api';
import type { LoginInput, PasswordCreateInput, PasswordResetInput, RegisterInvitedInput } from '../../../shared/schemas/auth';

// Bodies are the shared schemas' types (design rule 2); `import type` keeps zod out of the bundle.
export type { LoginInput, PasswordCreateInput, PasswordResetInput, RegisterInvitedInput };

export interface LoginAnswer {
  token: string;
}

/** Some answers may sign the visitor in directly. */
export interface MaybeTokenAnswer {
  token?: string;
  [key: string]: unknown;
}

/** GET /app/login/providers: company sign-in buttons (empty when none is configured). */
export interface CompanySignInOptions {
  data: { id: number; name: string }[];
}

export const authApi = {
  companyProviders: (signal?: AbortSignal) => api.query<CompanySignInOptions>('/app/login/providers', { signal }),
  /** Stores the sign-in's state on the server; answers the provider's address to send the browser to. */
  startCompanySignIn: (id: number, remember: boolean) => api.post<{ url: string }>(`/app/login/company/${id}`, { remember }),
  /** Trades the one-time code from the redirect for the session token (never in a URL). */
  exchangeCompanyCode: (code: string) => api.post<LoginAnswer>('/app/login/company/exchange', { code }),
  login: (input: LoginInput) => api.post<LoginAnswer>('/app/login', input, { rateLimitError: true }),
  requestPasswordLink: (email: string) => api.post<unknown>('/app/password/email', { email }),
  resetPassword: (input: PasswordResetInput) => api.post<MaybeTokenAnswer>('/app/password/reset', input),
  createPassword: (input: PasswordCreateInput) => api.post<MaybeTokenAnswer>('/app/password/create', input),
  registerInvited: (input: RegisterInvitedInput) => api.post<MaybeTokenAnswer>('/app/register-invited', input),
  /** Spec 7: GET /user/token/{hash} answers the e-mail an invitation link belongs to. */
  tokenEmail: (hash: string, signal?: AbortSignal) =>
    api.query<{ email?: string }>(`/app/user/token/${encodeURIComponent(hash)}`, { signal }),
  /** Spec 7: GET /locations/token/{hash}, the location a registration link belongs to. */
  locationByToken: (hash: string, signal?: AbortSignal) =>
    api.query<{ id?: number; title?: string; location?: { title?: string } }>(`/app/locations/token/${encodeURIComponent(hash)}`, {
      signal,
    }),
};
