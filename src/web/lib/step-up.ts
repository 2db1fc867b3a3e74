import { proxy } from 'valtio';

/**
 * "Confirm it is you" before money moves. The API client asks here when the server answers
 * 403 step_up_required (the session's last check is over 10 minutes old) or two_step_required
 * (the account must turn on two-step sign-in first); the dialog host in the page shell shows the
 * dialog and settles the question. The client resends the request once it is confirmed. With no
 * host on the page (a test, a page without the shell) the answer is "no" at once.
 */
export type ConfirmKind = 'step_up_required' | 'two_step_required';

export interface StepUpState {
  kind: ConfirmKind | null;
  /** The server's sentence. */
  detail: string;
}

export const stepUp = proxy<StepUpState>({ kind: null, detail: '' });

let hosts = 0;
let waiting: ((confirmed: boolean) => void)[] = [];

/** The dialog host says it is on the page (and gone again with the returned function). */
export function registerStepUpHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0) settleStepUp(false);
  };
}

/** Resolves true once the person confirmed (resend the request), false when they cancelled. */
export function confirmIdentity(kind: ConfirmKind, detail: string): Promise<boolean> {
  if (hosts === 0) return Promise.resolve(false);
  stepUp.kind = kind;
  stepUp.detail = detail;
  // Several requests refused at once share one dialog.
  return new Promise((resolve) => waiting.push(resolve));
}

export function settleStepUp(confirmed: boolean): void {
  const resolvers = waiting;
  waiting = [];
  stepUp.kind = null;
  stepUp.detail = '';
  for (const resolve of resolvers) resolve(confirmed);
}
