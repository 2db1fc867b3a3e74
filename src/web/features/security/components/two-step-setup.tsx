import { useEffect, useId, useState, type FormEvent } from 'react';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { TextField } from '../../../components/form/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { enableTwoStep, newRecoveryCodes, securityStatus, startTwoStepSetup, type TwoStepSetup } from '../api/security-api';
import '../security.css';

export const TWO_STEP_SETUP_TEXT = {
  title: 'Two-step sign-in',
  intro:
    'Signing in will ask for your password and a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy or any other).',
  required: 'Admin accounts must have two-step sign-in before they can do anything else.',
  scan: '1. Scan this QR code with your authenticator app.',
  qrAlt: 'QR code to add Boafo to your authenticator app',
  manual: 'Cannot scan it? Type this key into the app instead:',
  enter: '2. Enter the 6-digit code the app shows.',
  codeLabel: 'Code from the app',
  turnOn: 'Turn on two-step sign-in',
  turningOn: 'Turning on...',
  preparing: 'Preparing your key…',
  loading: 'Loading…',
  failed: 'Could not load this page. Check your connection and try again.',
  codesTitle: 'Your recovery codes',
  codesIntro: 'If you lose your phone, each of these codes signs you in once. Save them somewhere safe now: they will not be shown again.',
  codesListLabel: 'Recovery codes',
  saved: 'I have saved my recovery codes',
  isOn: 'Two-step sign-in is on.',
  codesLeft: (n: number) => `${n} recovery code${n === 1 ? '' : 's'} left.`,
  makeCodes: 'Make new recovery codes',
  makingCodes: 'Making codes...',
  continue: 'Continue',
} as const;

interface TwoStepSetupPageProps {
  /** After the codes are saved (or when it is already on): where to go on. */
  onDone: () => void;
  isAdmin: boolean;
}

function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="panel" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{TWO_STEP_SETUP_TEXT.codesTitle}</h2>
      <p>{TWO_STEP_SETUP_TEXT.codesIntro}</p>
      <ul className="recovery-codes" aria-label={TWO_STEP_SETUP_TEXT.codesListLabel}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className="button button--primary" onClick={onDone}>
        {TWO_STEP_SETUP_TEXT.saved}
      </button>
    </section>
  );
}

/** Enrolment: the QR code and the key as text, the first code, then the recovery codes shown once. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
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
      (failure: unknown) => live && setProblem(errorMessage(failure, TWO_STEP_SETUP_TEXT.failed)),
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
      setError(body?.errors?.code?.[0] ?? errorMessage(failure, TWO_STEP_SETUP_TEXT.failed));
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
  if (!setup) return <LinesSkeleton label={TWO_STEP_SETUP_TEXT.preparing} />;
  return (
    <section className="panel">
      <p>{TWO_STEP_SETUP_TEXT.scan}</p>
      <img className="two-step__qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`} alt={TWO_STEP_SETUP_TEXT.qrAlt} />
      <p>{TWO_STEP_SETUP_TEXT.manual}</p>
      <p className="two-step__secret" data-testid="two-step-secret">
        {setup.secret}
      </p>
      <form onSubmit={onSubmit} noValidate>
        <p>{TWO_STEP_SETUP_TEXT.enter}</p>
        <TextField
          id={`${id}-code`}
          label={TWO_STEP_SETUP_TEXT.codeLabel}
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
          {busy ? TWO_STEP_SETUP_TEXT.turningOn : TWO_STEP_SETUP_TEXT.turnOn}
        </button>
      </form>
    </section>
  );
}

/** /two-step: set up two-step sign-in, or, when it is on, see how many recovery codes are left and make new ones. */
export function TwoStepSetupPage({ onDone, isAdmin }: TwoStepSetupPageProps) {
  useDocumentTitle(TWO_STEP_SETUP_TEXT.title);
  const { data: status, failed } = useLoad((signal) => securityStatus(signal), []);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function makeCodes() {
    setBusy(true);
    setProblem(null);
    try {
      setCodes((await newRecoveryCodes()).recovery_codes);
    } catch (failure) {
      setProblem(errorMessage(failure, TWO_STEP_SETUP_TEXT.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page page--narrow">
      <h1>{TWO_STEP_SETUP_TEXT.title}</h1>
      <p className="lead">{TWO_STEP_SETUP_TEXT.intro}</p>
      {isAdmin ? <p>{TWO_STEP_SETUP_TEXT.required}</p> : null}
      {codes ? (
        <RecoveryCodesList codes={codes} onDone={onDone} />
      ) : !status ? (
        failed ? (
          <p className="form-error" role="alert">
            {TWO_STEP_SETUP_TEXT.failed}
          </p>
        ) : (
          <LinesSkeleton label={TWO_STEP_SETUP_TEXT.loading} />
        )
      ) : status.two_step.enabled ? (
        <section className="panel">
          <p>
            {TWO_STEP_SETUP_TEXT.isOn} {TWO_STEP_SETUP_TEXT.codesLeft(status.two_step.recovery_codes_left)}
          </p>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="button-row">
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void makeCodes()}>
              {busy ? TWO_STEP_SETUP_TEXT.makingCodes : TWO_STEP_SETUP_TEXT.makeCodes}
            </button>
            <button type="button" className="button button--primary" onClick={onDone}>
              {TWO_STEP_SETUP_TEXT.continue}
            </button>
          </div>
        </section>
      ) : (
        <Enrol onCodes={setCodes} />
      )}
    </div>
  );
}
