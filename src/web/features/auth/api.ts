import { api } from '../../lib/api';
import type {
  LoginInput,
  PasswordCreateInput,
  PasswordResetInput,
  RegisterInvitedInput,
} from '../../../shared/schemas/auth';

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

export const authApi = {
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
    api.query<{ id?: number; title?: string; location?: { title?: string } }>(
      `/app/locations/token/${encodeURIComponent(hash)}`,
      { signal },
    ),
};
