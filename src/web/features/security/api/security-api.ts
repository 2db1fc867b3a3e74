import type { AuditCheck } from '../../../../shared/contract/audit';
import type {
  DeviceList,
  PasswordChangeRequest,
  ProofRequest,
  RecoveryCodes,
  SecurityStatus,
  StepUpAnswer,
  TwoStepSetup,
} from '../../../../shared/contract/security';
import { api } from '../../../lib/api-client';

export type { AuditCheck, DeviceList, SecurityStatus, TwoStepSetup };

export function securityStatus(signal?: AbortSignal): Promise<SecurityStatus> {
  return api.get('/api/user/security/', { signal });
}

export function startTwoStepSetup(): Promise<TwoStepSetup> {
  return api.post('/api/user/security/two-step/setup/');
}

export function enableTwoStep(code: string): Promise<RecoveryCodes> {
  return api.post('/api/user/security/two-step/enable/', { code });
}

/** Turns two-step sign-in off with a current code (or, with `recovery: true`, one of the recovery codes). */
export function disableTwoStep(code: string, recovery: boolean): Promise<void> {
  return api.post('/api/user/security/two-step/disable/', recovery ? { recovery_code: code } : { code });
}

export function newRecoveryCodes(): Promise<RecoveryCodes> {
  return api.post('/api/user/security/two-step/recovery-codes/');
}

/** Confirms it is you in this session: money may move for the next 10 minutes. */
export function stepUp(proof: ProofRequest): Promise<StepUpAnswer> {
  return api.post('/api/user/security/step-up/', proof);
}

export function listDevices(signal?: AbortSignal): Promise<DeviceList> {
  return api.get('/api/user/security/devices/', { signal });
}

export function signOutDevice(id: string): Promise<void> {
  return api.delete(`/api/user/security/devices/${encodeURIComponent(id)}/`);
}

export function signOutOtherDevices(): Promise<void> {
  return api.post('/api/user/security/devices/sign-out-others/');
}

export function changePassword(body: PasswordChangeRequest): Promise<{ detail: string }> {
  return api.post('/api/user/security/password/', body);
}

/** The link mailed after a payout details change; no sign-in needed. */
export function undoPayoutChange(token: string): Promise<{ detail: string }> {
  return api.post('/api/user/payout-details/undo/', { token }, { auth: false });
}
