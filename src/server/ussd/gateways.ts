/**
 * The two gateway adapters: each turns its gateway's request into the engine's UssdTurn and the
 * engine's UssdReply into the answer that gateway reads. Nothing else knows a wire format.
 *
 * Hubtel Programmable Services: JSON in (SessionId, Type initiation|response|release|timeout, Message,
 * ServiceCode, Mobile, Sequence, ClientState), JSON out (Type response|release, Message, …). At
 * initiation Message is the whole string dialled, so *920*44*123456# opens cause 123456 at once.
 * Africa's Talking: a form in (sessionId, serviceCode, phoneNumber, text = every answer so far joined
 * with '*'), plain text out: "CON <screen>" waits for input, "END <screen>" ends the session.
 */
import type { AfricasTalkingUssdRequest, HubtelUssdRequest, HubtelUssdResponse, UssdGatewayName } from '../../shared/contract/ussd';
import type { UssdReply, UssdTurn } from './engine';

const segments = (code: string) => code.trim().replace(/^\*/, '').replace(/#$/, '').split('*').filter(Boolean);

/** What was dialled after the service code: `*920*44*123456#` with `*920*44#` → `123456`. */
export function dialledAfter(dialled: string, serviceCode: string | null | undefined): string {
  const typed = segments(dialled);
  const service = serviceCode ? segments(serviceCode) : [];
  if (service.length === 0 || typed.length <= service.length) return '';
  if (service.some((part, i) => typed[i] !== part)) return '';
  return typed.slice(service.length).join('*');
}

export function hubtelTurn(body: HubtelUssdRequest, serviceCode: string | null): UssdTurn {
  const type = body.Type.trim().toLowerCase();
  const key = body.Sequence === undefined || body.Sequence === '' ? null : String(body.Sequence);
  const base = { gateway: 'hubtel' as const, sessionId: body.SessionId, phone: body.Mobile, key };
  if (type === 'initiation') return { ...base, kind: 'start', input: dialledAfter(body.Message ?? '', body.ServiceCode || serviceCode) };
  if (type === 'response') return { ...base, kind: 'input', input: body.Message ?? '' };
  // release (the caller hung up), timeout (we were too slow), or a type that means nothing on USSD.
  return { ...base, kind: 'end', input: '' };
}

export function hubtelReply(body: HubtelUssdRequest, reply: UssdReply): HubtelUssdResponse {
  return {
    SessionId: body.SessionId,
    Type: reply.end ? 'release' : 'response',
    Message: reply.text,
    Label: 'Boafo',
    ClientState: '',
    DataType: reply.end ? 'display' : 'input',
    FieldType: 'text',
  };
}

export function africasTalkingTurn(body: AfricasTalkingUssdRequest): UssdTurn {
  const text = body.text ?? '';
  const base = { gateway: 'africastalking' as const, sessionId: body.sessionId, phone: body.phoneNumber, key: text };
  return text === '' ? { ...base, kind: 'start', input: '' } : { ...base, kind: 'input', input: text, cumulative: true };
}

export function africasTalkingReply(reply: UssdReply): string {
  return `${reply.end ? 'END' : 'CON'} ${reply.text}`;
}

export const GATEWAY_NAMES: Record<UssdGatewayName, string> = { hubtel: 'Hubtel', africastalking: "Africa's Talking" };
