import type { Static } from 'typebox';
import type {
  LoginAnswer,
  LoginRequest,
  PublicConfigSchema,
  SecondStepRequest,
  SecondStepTokens,
  SignupRequest,
} from '../../../../shared/contract/auth';
import { api } from '../../../lib/api-client';

// auth:false: these calls never carry a token and a 401 means bad credentials, not an expired session.

/** The tokens, or (two-step sign-in on, device not remembered) a challenge for secondStep(). */
export function login(body: LoginRequest): Promise<Partial<LoginAnswer> | undefined> {
  return api.post('/api/user/auth/login/', body, { auth: false });
}

export function secondStep(body: SecondStepRequest): Promise<SecondStepTokens> {
  return api.post('/api/user/auth/login/second-step/', body, { auth: false });
}

export function signup(body: SignupRequest): Promise<unknown> {
  return api.post('/api/user/auth/signup/', body, { auth: false });
}

/** GET /api/config/: provider sign-in pages exist only when the server has them configured. */
export type PublicConfig = Static<typeof PublicConfigSchema>;

export function fetchPublicConfig(): Promise<PublicConfig | undefined> {
  return api.get('/api/config/', { auth: false });
}

/** Always answers the same sentence, whether or not an account has this email. */
export function requestPasswordReset(email: string): Promise<{ detail: string } | undefined> {
  return api.post('/api/user/password-reset/', { email }, { auth: false });
}

export function confirmPasswordReset(body: {
  token: string;
  password: string;
  password2: string;
}): Promise<{ detail: string } | undefined> {
  return api.post('/api/user/password-reset/confirm/', body, { auth: false });
}
