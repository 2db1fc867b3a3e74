/** Sign-up, login and token refresh on the wire (spec §3, §7). */
import { Type, type Static } from 'typebox';
import { LocaleSchema, type Role } from './common';

export const SignupBody = Type.Object({
  first_name: Type.String({ maxLength: 150 }),
  last_name: Type.String({ maxLength: 150 }),
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 256 }),
  password2: Type.String({ maxLength: 256 }),
  /** Beyond the spec's form: the language the app shows (else the app's own choice on this device, if any). */
  locale: Type.Optional(LocaleSchema),
});
export type SignupRequest = Static<typeof SignupBody>;

export const SignupResponseSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
});

/** POST /api/user/password-reset/: the same answer whether or not an account has this email. */
export const PasswordResetRequestBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
});

export const PasswordResetConfirmBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ maxLength: 256 }),
  password2: Type.String({ maxLength: 256 }),
});

export const DetailAnswerSchema = Type.Object({ detail: Type.String() });

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type LoginRequest = Static<typeof LoginBody>;

export const TokenPairSchema = Type.Object({
  access: Type.String({ description: 'JWT (HS256), valid 15 minutes. Claims: user_id, sub, role, email, name.' }),
  refresh: Type.String({ description: 'Opaque token, valid 7 days, single use: each refresh returns a new one.' }),
});
export type TokenPair = Static<typeof TokenPairSchema>;

/** Claims of the access token (a JWT). `user_id` and `sub` are the user's UUID. */
export interface AccessClaims {
  user_id: string;
  sub: string;
  role: Role;
  email: string;
  name: string;
  exp: number;
  iat: number;
}

export const RefreshBody = Type.Object({
  refresh: Type.String({ minLength: 1, maxLength: 512 }),
});

/** GET /api/config/: provider sign-in pages exist only when the server has them configured. */
export const PublicConfigSchema = Type.Object({
  google_auth_url: Type.Union([Type.String(), Type.Null()]),
  facebook_auth_url: Type.Union([Type.String(), Type.Null()]),
});
