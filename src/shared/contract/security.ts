/**
 * The account's own security on the wire (/api/user/security/…): two-step sign-in (TOTP), recovery
 * codes, the step-up a money action needs, the signed-in devices and the password change; plus the
 * undo link of a payout details change and the admins' role and sign-out calls.
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable, UserRoleSchema } from './common';

export const SecurityStatusSchema = Type.Object({
  two_step: Type.Object({
    enabled: Type.Boolean(),
    enabled_at: Nullable(DateTime),
    recovery_codes_left: Type.Integer(),
  }),
  /** Admins must have two-step sign-in on: until then they may only set it up. */
  two_step_required: Type.Boolean(),
  /** Money actions are allowed without asking again until then (null: ask now). */
  verified_until: Nullable(DateTime),
  /** What the step-up asks for: a code when two-step sign-in is on, else the password. */
  step_up_with: Type.Union([Type.Literal('code'), Type.Literal('password')]),
});
export type SecurityStatus = Static<typeof SecurityStatusSchema>;

export const TwoStepSetupSchema = Type.Object({
  secret: Type.String({ description: 'Base32, for typing into the app by hand.' }),
  otpauth_uri: Type.String(),
  qr_svg: Type.String({ description: 'The otpauth URI as a QR code (SVG markup).' }),
});
export type TwoStepSetup = Static<typeof TwoStepSetupSchema>;

export const CodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) });

export const RecoveryCodesSchema = Type.Object({
  recovery_codes: Type.Array(Type.String(), { description: 'Shown once; each works once. Only their hashes are kept.' }),
});
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;

/** Proving it is you: one of code, recovery_code or password. */
export const ProofBody = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 20 })),
  recovery_code: Type.Optional(Type.String({ maxLength: 40 })),
  password: Type.Optional(Type.String({ maxLength: 256 })),
});
export type ProofRequest = Static<typeof ProofBody>;

export const StepUpAnswerSchema = Type.Object({ verified_until: DateTime });
export type StepUpAnswer = Static<typeof StepUpAnswerSchema>;

export const DeviceSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** "Chrome on Android", read from the user agent. */
  device: Type.String(),
  /** "from IP 102.176.0.1": no location database is kept, so the address is the place. */
  place: Type.String(),
  signed_in_at: DateTime,
  last_used_at: DateTime,
  current: Type.Boolean({ description: 'The session this request came from.' }),
});
export type Device = Static<typeof DeviceSchema>;

export const DeviceListSchema = Type.Object({ results: Type.Array(DeviceSchema) });
export type DeviceList = Static<typeof DeviceListSchema>;

export const DeviceParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const PasswordChangeBody = Type.Object({
  current_password: Type.String({ maxLength: 256 }),
  password: Type.String({ maxLength: 256 }),
  password2: Type.String({ maxLength: 256 }),
});
export type PasswordChangeRequest = Static<typeof PasswordChangeBody>;

/** The link in the "payout details changed" mail. A POST, so mail scanners opening the link change nothing. */
export const PayoutUndoBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const RoleChangeBody = Type.Object({ role: UserRoleSchema });
export const RoleChangeAnswerSchema = Type.Object({ id: Type.String(), role: UserRoleSchema });
