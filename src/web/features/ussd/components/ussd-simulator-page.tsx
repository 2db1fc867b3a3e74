import { useId, useState, type FormEvent } from 'react';
import type { UssdGatewayName, UssdSimulateAnswer } from '../../../../shared/contract/ussd';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { simulateUssd } from '../api/ussd-api';
import '../ussd.css';

export const USSD_SIMULATOR_TEXT = {
  title: 'USSD phone simulator',
  intro:
    'Play a session as a feature phone would, through either gateway. Each step goes through that gateway’s adapter and the same menu the gateways reach. A gift made here sends a real mobile money prompt to the number (the sandbox phone, unless Paystack is set up).',
  gateway: 'Gateway',
  gateways: { hubtel: 'Hubtel', africastalking: 'Africa’s Talking' } satisfies Record<UssdGatewayName, string>,
  phone: 'Calling phone number',
  phoneHint: 'The phone that dials; gifts are charged to its mobile money wallet.',
  code: 'Cause code to dial with (optional)',
  codeHint: 'Dials *service code*code# and opens that cause’s gift at once.',
  dial: 'Dial',
  dialling: 'Dialling…',
  screen: 'Phone screen',
  idle: 'Dial to start a session.',
  reply: 'Reply',
  send: 'Send',
  sending: 'Sending…',
  ended: 'The session has ended.',
  again: 'Start again',
  wire: 'On the wire',
  request: (gateway: string) => `${gateway} sent`,
  response: (type: string) => `We answered (${type})`,
  failed: 'The simulator could not reach the server. Try again.',
} as const;

const T = USSD_SIMULATOR_TEXT;

/** /adminussd: dial, read the screen, reply; the exact wire messages of the chosen gateway below. */
export function UssdSimulatorPage() {
  useDocumentTitle(T.title);
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
      setProblem(errorMessage(error, T.failed));
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
      <h1>{T.title}</h1>
      <p>{T.intro}</p>
      <div className="ussd-sim">
        <div>
          <form className="panel" onSubmit={dial}>
            <fieldset className="ussd-gateways" disabled={open || busy}>
              <legend>{T.gateway}</legend>
              {(Object.keys(T.gateways) as UssdGatewayName[]).map((name) => (
                <label key={name}>
                  <input type="radio" name={`${id}-gateway`} value={name} checked={gateway === name} onChange={() => setGateway(name)} />{' '}
                  {T.gateways[name]}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-phone`}>{T.phone}</label>
              <input
                id={`${id}-phone`}
                type="tel"
                value={phone}
                disabled={open || busy}
                aria-describedby={`${id}-phone-hint`}
                onChange={(e) => setPhone(e.target.value)}
              />
              <p id={`${id}-phone-hint`} className="field__hint">
                {T.phoneHint}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-code`}>{T.code}</label>
              <input
                id={`${id}-code`}
                inputMode="numeric"
                value={code}
                disabled={open || busy}
                aria-describedby={`${id}-code-hint`}
                onChange={(e) => setCode(e.target.value)}
              />
              <p id={`${id}-code-hint`} className="field__hint">
                {T.codeHint}
              </p>
            </div>
            <p className="button-row">
              <button type="submit" className="button button--primary" disabled={open || busy || !phone.trim()} aria-busy={busy && !open}>
                {busy && !open ? T.dialling : T.dial}
              </button>
            </p>
          </form>
        </div>
        <div className="ussd-phone">
          <h2 className="visually-hidden">{T.screen}</h2>
          <pre className="ussd-phone__screen" role="status" aria-live="polite" aria-label={T.screen}>
            {step ? step.screen : T.idle}
          </pre>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          {open ? (
            <form onSubmit={send}>
              <div className="field">
                <label htmlFor={`${id}-reply`}>{T.reply}</label>
                <input id={`${id}-reply`} value={reply} autoComplete="off" disabled={busy} onChange={(e) => setReply(e.target.value)} />
              </div>
              <p className="button-row">
                <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
                  {busy ? T.sending : T.send}
                </button>
              </p>
            </form>
          ) : step ? (
            <>
              <p className="ussd-phone__ended">{T.ended}</p>
              <button type="button" className="button button--secondary" onClick={() => setStep(null)}>
                {T.again}
              </button>
            </>
          ) : null}
        </div>
      </div>
      {step ? (
        <section className="ussd-wire" aria-labelledby={`${id}-wire`}>
          <h2 id={`${id}-wire`}>{T.wire}</h2>
          <h3>{T.request(T.gateways[gateway])}</h3>
          <pre>{step.wire_request}</pre>
          <h3>{T.response(step.wire_content_type)}</h3>
          <pre>{step.wire_response}</pre>
        </section>
      ) : null}
    </div>
  );
}
