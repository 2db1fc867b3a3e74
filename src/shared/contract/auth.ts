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
  device_token: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "A remembered device's token (from the second step with remember_device): no second step on this device.",
    }),
  ),
});
export type LoginRequest = Static<typeof LoginBody>;

export const TokenPairSchema = Type.Object({
  access: Type.String({ description: 'JWT (HS256), valid 15 minutes. Claims: user_id, sub, role, email, name.' }),
  refresh: Type.String({ description: 'Opaque token, valid 7 days, single use: each refresh returns a new one.' }),
});
export type TokenPair = Static<typeof TokenPairSchema>;

/** Signed in: the token pair, plus what an admin without two-step sign-in must do first. */
export const LoginTokensSchema = Type.Object({
  access: TokenPairSchema.properties.access,
  refresh: TokenPairSchema.properties.refresh,
  two_step_setup_required: Type.Optional(
    Type.Boolean({ description: 'true for an admin without two-step sign-in: until it is on, the account may only set it up.' }),
  ),
});

/**
 * The password was right and the account has two-step sign-in: no tokens yet. Send the challenge
 * with a code to POST /api/user/auth/login/second-step/ within `expires_in` seconds.
 */
export const SecondStepChallengeSchema = Type.Object({
  two_step_required: Type.Literal(true),
  challenge: Type.String(),
  expires_in: Type.Integer(),
  methods: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('recovery_code')])),
});
export type SecondStepChallenge = Static<typeof SecondStepChallengeSchema>;

export const LoginAnswerSchema = Type.Union([LoginTokensSchema, SecondStepChallengeSchema]);
export type LoginAnswer = Static<typeof LoginAnswerSchema>;

export const SecondStepBody = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 200 }),
  code: Type.Optional(Type.String({ maxLength: 20, description: 'The 6 digits the authenticator app shows.' })),
  recovery_code: Type.Optional(Type.String({ maxLength: 40, description: 'One of the recovery codes, used up by this.' })),
  remember_device: Type.Optional(Type.Boolean({ description: 'Skip the second step on this device for 30 days.' })),
});
export type SecondStepRequest = Static<typeof SecondStepBody>;

export const SecondStepTokensSchema = Type.Object({
  access: TokenPairSchema.properties.access,
  refresh: TokenPairSchema.properties.refresh,
  device_token: Type.Optional(Type.String({ description: 'Send it as device_token when signing in on this device again.' })),
});
export type SecondStepTokens = Static<typeof SecondStepTokensSchema>;

/** Claims of the access token (a JWT). `user_id` and `sub` are the user's UUID. */
export interface AccessClaims {
  user_id: string;
  sub: string;
  /** The sign-in this token belongs to (one of the devices listed at /api/user/security/devices/). */
  sid: string;
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
