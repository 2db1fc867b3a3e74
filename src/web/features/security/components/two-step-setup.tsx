import { useEffect, useId, useState, type FormEvent } from 'react';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { TextField } from '../../../components/form/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { enableTwoStep, newRecoveryCodes, securityStatus, startTwoStepSetup, type TwoStepSetup } from '../api/security-api';
import { t as translate, useT } from '../../../lib/i18n';
import { TwoStepOff } from './two-step-off';
import '../security.css';

interface TwoStepSetupPageProps {
  /** After the codes are saved (or when it is already on): where to go on. */
  onDone: () => void;
  isAdmin: boolean;
}

function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <section className="panel" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{t('security.twoStep.codesTitle')}</h2>
      <p>{t('security.twoStep.codesIntro')}</p>
      <ul className="recovery-codes" aria-label={t('security.twoStep.codesListLabel')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className="button button--primary" onClick={onDone}>
        {t('security.twoStep.saved')}
      </button>
    </section>
  );
}

/** Enrolment: the QR code and the key as text, the first code, then the recovery codes shown once. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const t = useT();
  const id = useId();
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    startTwoStepSetup().then(
      (answer) => live && setSetup(answer),
      (failure: unknown) => live && setProblem(errorMessage(failure, translate('security.twoStep.failed'))),
    );
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onCodes((await enableTwoStep(code)).recovery_codes);
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.errorBody : null;
      setError(body?.errors?.code?.[0] ?? errorMessage(failure, t('security.twoStep.failed')));
      setBusy(false);
    }
  }

  if (problem) {
    return (
      <p className="form-error" role="alert">
        {problem}
      </p>
    );
  }
  if (!setup) return <LinesSkeleton label={t('security.twoStep.preparing')} />;
  return (
    <section className="panel">
      <p>{t('security.twoStep.scan')}</p>
      <img className="two-step__qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`} alt={t('security.twoStep.qrAlt')} />
      <p>{t('security.twoStep.manual')}</p>
      <p className="two-step__secret" data-testid="two-step-secret">
        {setup.secret}
      </p>
      <form onSubmit={onSubmit} noValidate>
        <p>{t('security.twoStep.enter')}</p>
        <TextField
          id={`${id}-code`}
          label={t('security.twoStep.codeLabel')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error ?? undefined}
        />
        <button type="submit" className="button button--primary" disabled={busy || !code.trim()}>
          {busy ? t('security.twoStep.turningOn') : t('security.twoStep.turnOn')}
        </button>
      </form>
    </section>
  );
}

/** /two-step: set up two-step sign-in, or, when it is on, see how many recovery codes are left and make new ones. */
export function TwoStepSetupPage({ onDone, isAdmin }: TwoStepSetupPageProps) {
  const t = useT();
  useDocumentTitle(t('security.twoStep.title'));
  const { data: status, failed, reload } = useLoad((signal) => securityStatus(signal), []);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function makeCodes() {
    setBusy(true);
    setProblem(null);
    try {
      setCodes((await newRecoveryCodes()).recovery_codes);
    } catch (failure) {
      setProblem(errorMessage(failure, t('security.twoStep.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page page--narrow">
      <h1>{t('security.twoStep.title')}</h1>
      <p className="lead">{t('security.twoStep.intro')}</p>
      {isAdmin ? <p>{t('security.twoStep.required')}</p> : null}
      {codes ? (
        <RecoveryCodesList codes={codes} onDone={onDone} />
      ) : !status ? (
        failed ? (
          <p className="form-error" role="alert">
            {t('security.twoStep.failed')}
          </p>
        ) : (
          <LinesSkeleton label={t('security.twoStep.loading')} />
        )
      ) : status.two_step.enabled ? (
        <section className="panel">
          <p>
            {t('security.twoStep.isOn')} {t('security.twoStep.codesLeft', { count: status.two_step.recovery_codes_left })}
          </p>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="button-row">
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void makeCodes()}>
              {busy ? t('security.twoStep.makingCodes') : t('security.twoStep.makeCodes')}
            </button>
            <button type="button" className="button button--primary" onClick={onDone}>
              {t('security.twoStep.continue')}
            </button>
          </div>
          {isAdmin ? null : <TwoStepOff onOff={reload} />}
        </section>
      ) : (
        <Enrol onCodes={setCodes} />
      )}
    </div>
  );
}
