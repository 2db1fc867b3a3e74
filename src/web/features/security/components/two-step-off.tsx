import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { disableTwoStep } from '../api/security-api';

/**
 * Turning two-step sign-in off (organizers, treasurers and donors; admins must keep it). It asks for a code now,
 * as the server does, so a borrowed unlocked phone with a signed-in tab cannot quietly switch it off.
 */
export function TwoStepOff({ onOff }: { onOff: () => void }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await disableTwoStep(code.trim(), recovery);
      onOff();
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.errorBody : null;
      setError(body?.errors?.code?.[0] ?? body?.errors?.recovery_code?.[0] ?? errorMessage(failure, t('security.twoStep.failed')));
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('security.twoStep.off.open')}
      </button>
    );
  }
  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('security.twoStep.off.title')}</h2>
      <p>{t('security.twoStep.off.warning')}</p>
      <TextField
        id={`${id}-code`}
        label={recovery ? t('security.twoStep.off.recoveryLabel') : t('security.twoStep.codeLabel')}
        name={recovery ? 'recovery_code' : 'code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={40}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
      />
      <button type="button" className="button button--link" onClick={() => (setRecovery(!recovery), setCode(''), setError(null))}>
        {recovery ? t('security.twoStep.off.useCode') : t('security.twoStep.off.useRecovery')}
      </button>
      <div className="button-row">
        <button type="submit" className="button button--danger" disabled={busy || !code.trim()}>
          {busy ? t('security.twoStep.off.turningOff') : t('security.twoStep.off.submit')}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => setOpen(false)}>
          {t('security.twoStep.off.cancel')}
        </button>
      </div>
    </form>
  );
}
