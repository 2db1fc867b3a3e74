import { useId, useState, type FormEvent } from 'react';
import type { UssdGatewayName, UssdSimulateAnswer } from '../../../../shared/contract/ussd';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n';
import { simulateUssd } from '../api/ussd-api';
import '../ussd.css';

/** The gateways' own names (brands: not translated). */
const GATEWAYS = { hubtel: 'Hubtel', africastalking: 'Africa’s Talking' } satisfies Record<UssdGatewayName, string>;

/** /adminussd: dial, read the screen, reply; the exact wire messages of the chosen gateway below. */
export function UssdSimulatorPage() {
  const t = useT();
  useDocumentTitle(t('ussdSimulator.title'));
  const id = useId();
  const [gateway, setGateway] = useState<UssdGatewayName>('hubtel');
  const [phone, setPhone] = useState('024 123 4561');
  const [code, setCode] = useState('');
  const [reply, setReply] = useState('');
  const [step, setStep] = useState<UssdSimulateAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const open = step !== null && !step.ended;

  async function play(input: string, sessionId?: string) {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await simulateUssd({ gateway, phone, input, ...(sessionId ? { session_id: sessionId } : {}) });
      setStep(answer);
      setReply('');
    } catch (error) {
      setProblem(errorMessage(error, t('ussdSimulator.failed')));
    } finally {
      setBusy(false);
    }
  }

  const dial = (event: FormEvent) => {
    event.preventDefault();
    void play(code.trim());
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (step) void play(reply, step.session_id);
  };

  return (
    <div className="admin-page">
      <h1>{t('ussdSimulator.title')}</h1>
      <p>{t('ussdSimulator.intro')}</p>
      <div className="ussd-sim">
        <div>
          <form className="panel" onSubmit={dial}>
            <fieldset className="ussd-gateways" disabled={open || busy}>
              <legend>{t('ussdSimulator.gateway')}</legend>
              {(Object.keys(GATEWAYS) as UssdGatewayName[]).map((name) => (
                <label key={name}>
                  <input type="radio" name={`${id}-gateway`} value={name} checked={gateway === name} onChange={() => setGateway(name)} />{' '}
                  {GATEWAYS[name]}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-phone`}>{t('ussdSimulator.phone')}</label>
              <input
                id={`${id}-phone`}
                type="tel"
                value={phone}
                disabled={open || busy}
                aria-describedby={`${id}-phone-hint`}
                onChange={(e) => setPhone(e.target.value)}
              />
              <p id={`${id}-phone-hint`} className="field__hint">
                {t('ussdSimulator.phoneHint')}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-code`}>{t('ussdSimulator.code')}</label>
              <input
                id={`${id}-code`}
                inputMode="numeric"
                value={code}
                disabled={open || busy}
                aria-describedby={`${id}-code-hint`}
                onChange={(e) => setCode(e.target.value)}
              />
              <p id={`${id}-code-hint`} className="field__hint">
                {t('ussdSimulator.codeHint')}
              </p>
            </div>
            <p className="button-row">
              <button type="submit" className="button button--primary" disabled={open || busy || !phone.trim()} aria-busy={busy && !open}>
                {busy && !open ? t('ussdSimulator.dialling') : t('ussdSimulator.dial')}
              </button>
            </p>
          </form>
        </div>
        <div className="ussd-phone">
          <h2 className="visually-hidden">{t('ussdSimulator.screen')}</h2>
          <pre className="ussd-phone__screen" role="status" aria-live="polite" aria-label={t('ussdSimulator.screen')}>
            {step ? step.screen : t('ussdSimulator.idle')}
          </pre>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          {open ? (
            <form onSubmit={send}>
              <div className="field">
                <label htmlFor={`${id}-reply`}>{t('ussdSimulator.reply')}</label>
                <input id={`${id}-reply`} value={reply} autoComplete="off" disabled={busy} onChange={(e) => setReply(e.target.value)} />
              </div>
              <p className="button-row">
                <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
                  {busy ? t('ussdSimulator.sending') : t('ussdSimulator.send')}
                </button>
              </p>
            </form>
          ) : step ? (
            <>
              <p className="ussd-phone__ended">{t('ussdSimulator.ended')}</p>
              <button type="button" className="button button--secondary" onClick={() => setStep(null)}>
                {t('ussdSimulator.again')}
              </button>
            </>
          ) : null}
        </div>
      </div>
      {step ? (
        <section className="ussd-wire" aria-labelledby={`${id}-wire`}>
          <h2 id={`${id}-wire`}>{t('ussdSimulator.wire')}</h2>
          <h3>{t('ussdSimulator.request', { gateway: GATEWAYS[gateway] })}</h3>
          <pre>{step.wire_request}</pre>
          <h3>{t('ussdSimulator.response', { type: step.wire_content_type })}</h3>
          <pre>{step.wire_response}</pre>
        </section>
      ) : null}
    </div>
  );
}
