import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { ModalDialog } from '../../../components/modal-dialog';
import { TextField } from '../../../components/form/text-field';
import { PasswordField } from '../../../components/form/password-field';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { settleStepUp, stepUp as stepUpState } from '../../../lib/step-up';
import { useLoad } from '../../../lib/use-load';
import { securityStatus, stepUp } from '../api/security-api';
import { useT } from '../../../lib/i18n';
import '../security.css';

/** Asks for a code (two-step sign-in on) or the password, then lets the refused request go again. */
function ConfirmForm({ detail }: { detail: string }) {
  const t = useT();
  const id = useId();
  const { data: status, failed } = useLoad((signal) => securityStatus(signal), []);
  const [value, setValue] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withCode = status?.step_up_with === 'code';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await stepUp(withCode ? (recovery ? { recovery_code: value } : { code: value }) : { password: value });
      settleStepUp(true);
    } catch (problem) {
      const body = problem instanceof ApiError ? problem.errorBody : null;
      const field = body?.errors ? Object.values(body.errors)[0]?.[0] : undefined;
      setError(field ?? errorMessage(problem, t('security.stepUp.failed')));
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t('security.stepUp.title')} description={detail || t('security.stepUp.intro')} onCancel={() => settleStepUp(false)}>
      {!status ? (
        failed ? (
          <p className="form-error" role="alert">
            {t('security.stepUp.failed')}
          </p>
        ) : (
          <LinesSkeleton label={t('security.stepUp.loading')} />
        )
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {withCode ? (
            <TextField
              key={recovery ? 'recovery' : 'code'}
              id={`${id}-code`}
              label={recovery ? t('security.stepUp.recoveryLabel') : t('security.stepUp.codeLabel')}
              name={recovery ? 'recovery_code' : 'code'}
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              required
              maxLength={recovery ? 40 : 20}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={error ?? undefined}
            />
          ) : (
            <PasswordField
              id={`${id}-password`}
              label={t('security.stepUp.passwordLabel')}
              name="password"
              autoComplete="current-password"
              required
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={error ?? undefined}
            />
          )}
          {withCode ? (
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                setRecovery(!recovery);
                setValue('');
                setError(null);
              }}
            >
              {recovery ? t('security.stepUp.useCode') : t('security.stepUp.useRecovery')}
            </button>
          ) : null}
          <div className="button-row modal__actions">
            <button type="submit" className="button button--primary" disabled={busy || !value.trim()}>
              {busy ? t('security.stepUp.confirming') : t('security.stepUp.confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => settleStepUp(false)}>
              {t('security.stepUp.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** The account must turn on two-step sign-in before this action: says so and links to the setup. */
function SetupNeeded({ detail }: { detail: string }) {
  const t = useT();
  return (
    <ModalDialog title={t('security.stepUp.setupTitle')} description={detail} onCancel={() => settleStepUp(false)}>
      <div className="button-row modal__actions">
        <Link to="/two-step" className="button button--primary" onClick={() => settleStepUp(false)}>
          {t('security.stepUp.setupAction')}
        </Link>
        <button type="button" className="button button--secondary" onClick={() => settleStepUp(false)}>
          {t('security.stepUp.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}

/** The dialog for whatever the API client is waiting on (lib/step-up.ts). */
export default function StepUpDialog() {
  const { kind, detail } = useSnapshot(stepUpState);
  if (kind === 'two_step_required') return <SetupNeeded detail={detail} />;
  if (kind === 'step_up_required') return <ConfirmForm detail={detail} />;
  return null;
}
