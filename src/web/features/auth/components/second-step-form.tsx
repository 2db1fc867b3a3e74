import { useState } from 'react';
import type { TokenPair } from '../../../../shared/contract/auth';
import { TextField } from '../../../components/form/text-field';
import { rememberDeviceToken } from '../../../lib/device-tokens';
import { secondStep } from '../api/auth-api';
import { useAuthSubmit } from '../api/use-auth-submit';
import { FormError, SubmitButton } from './auth-form-parts';
import { useT } from '../../../lib/i18n';

interface SecondStepFormProps {
  idPrefix: string;
  email: string;
  challenge: string;
  onSignedIn: (tokens: Partial<TokenPair>) => void;
  /** Back to email and password (an expired challenge needs the password again). */
  onRestart: () => void;
}

/** The second step of signing in: a code from the app or a recovery code, and "remember this device". */
export function SecondStepForm({ idPrefix, email, challenge, onSignedIn, onRestart }: SecondStepFormProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [remember, setRemember] = useState(false);
  const { submitting, errors, onSubmit } = useAuthSubmit(async () => {
    const tokens = await secondStep({
      challenge,
      ...(recovery ? { recovery_code: code } : { code }),
      remember_device: remember,
    });
    if (tokens.device_token) rememberDeviceToken(email, tokens.device_token);
    onSignedIn(tokens);
  }, t('account.secondStep.failed'));
  const id = (name: string) => `${idPrefix}-${name}`;
  const fieldError = errors.fields.code ?? errors.fields.recovery_code;

  return (
    <form className="auth-form" onSubmit={onSubmit}>
      <FormError message={fieldError ? null : errors.form} />
      <p>{t('account.secondStep.intro')}</p>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        id={id(recovery ? 'recovery-code' : 'code')}
        label={recovery ? t('account.secondStep.recoveryLabel') : t('account.secondStep.codeLabel')}
        name={recovery ? 'recovery_code' : 'code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={recovery ? 40 : 20}
        required
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the one field of this step, shown right after the password
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={fieldError ?? errors.fields.challenge}
      />
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        {t('account.secondStep.remember')}
      </label>
      <SubmitButton
        busy={submitting}
        busyLabel={t('account.secondStep.busy')}
        label={t('account.secondStep.submit')}
        disabled={!code.trim()}
      />
      <p className="auth-alt">
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
          }}
        >
          {recovery ? t('account.secondStep.useCode') : t('account.secondStep.useRecovery')}
        </button>{' '}
        <button type="button" className="button button--link" onClick={onRestart}>
          {t('account.secondStep.back')}
        </button>
      </p>
    </form>
  );
}
