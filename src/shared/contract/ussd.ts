/**
 * Giving by USSD (issue #32): what the two gateways send and expect back, and the admins' phone
 * simulator that plays a session through either of them.
 *
 * - Hubtel Programmable Services posts JSON to the service interaction URL and reads JSON back:
 *   `Type` initiation | response | release | timeout in, `Type` response (show and wait for input)
 *   or release (show and end) out.
 * - Africa's Talking posts a form (`sessionId`, `serviceCode`, `phoneNumber`, `text` = every answer of
 *   the session so far joined with `*`) and reads plain text: `CON …` waits for input, `END …` ends.
 */
import { Type, type Static } from 'typebox';

/** Longer than any real USSD string (182 characters) by far; longer still is a 400. */
const WIRE_TEXT = 2_000;

export const HubtelUssdRequestSchema = Type.Object({
  SessionId: Type.String({ minLength: 1, maxLength: 100 }),
  Type: Type.String({ maxLength: 30, description: 'initiation, response, release or timeout (any case).' }),
  Message: Type.Optional(
    Type.String({ maxLength: WIRE_TEXT, description: 'At initiation the string dialled (*920*44*123456#), then what was typed.' }),
  ),
  ServiceCode: Type.Optional(Type.String({ maxLength: 100 })),
  Operator: Type.Optional(Type.String({ maxLength: 50 })),
  ClientState: Type.Optional(Type.String({ maxLength: WIRE_TEXT })),
  Mobile: Type.String({ minLength: 1, maxLength: 32, description: '233XXXXXXXXX.' }),
  Sequence: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 12 })])),
  Platform: Type.Optional(Type.String({ maxLength: 50 })),
});
export type HubtelUssdRequest = Static<typeof HubtelUssdRequestSchema>;

export const HubtelUssdResponseSchema = Type.Object({
  SessionId: Type.String(),
  Type: Type.Enum(['response', 'release']),
  Message: Type.String({ maxLength: 160 }),
  Label: Type.String(),
  ClientState: Type.String(),
  DataType: Type.Enum(['input', 'display']),
  FieldType: Type.Enum(['text']),
});
export type HubtelUssdResponse = Static<typeof HubtelUssdResponseSchema>;

export const AfricasTalkingUssdRequestSchema = Type.Object({
  sessionId: Type.String({ minLength: 1, maxLength: 100 }),
  serviceCode: Type.Optional(Type.String({ maxLength: 100 })),
  phoneNumber: Type.String({ minLength: 1, maxLength: 32, description: '+233XXXXXXXXX.' }),
  text: Type.Optional(Type.String({ maxLength: WIRE_TEXT, description: "Every answer so far joined with '*'; empty at the start." })),
  networkCode: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AfricasTalkingUssdRequest = Static<typeof AfricasTalkingUssdRequestSchema>;

/** A gateway's credentials in the callback address (`?token=`), for gateways that cannot send a header. */
export const UssdGatewayQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

export const USSD_GATEWAYS = ['hubtel', 'africastalking'] as const;
export type UssdGatewayName = (typeof USSD_GATEWAYS)[number];

/** POST /api/admin/ussd/simulate/: one step of a session, as the chosen gateway would send it. */
export const UssdSimulateBodySchema = Type.Object({
  gateway: Type.Enum([...USSD_GATEWAYS]),
  /** Absent: a new session (dialling). Then the id the first answer gave. */
  session_id: Type.Optional(Type.String({ pattern: '^sim-[a-z0-9]{8,32}$' })),
  phone: Type.String({ minLength: 1, maxLength: 30, description: 'The calling phone: 0XX XXX XXXX or +233 XX XXX XXXX.' }),
  /** Dialling: what follows the service code (a cause code, or nothing). After: what was typed. */
  input: Type.String({ maxLength: 200 }),
});
export type UssdSimulateBody = Static<typeof UssdSimulateBodySchema>;

export const UssdSimulateAnswerSchema = Type.Object({
  session_id: Type.String(),
  /** The screen the phone shows, and whether the session ended with it. */
  screen: Type.String(),
  ended: Type.Boolean(),
  /** What went over the wire, as the gateway would send it and as we answered. */
  wire_request: Type.String(),
  wire_response: Type.String(),
  wire_content_type: Type.String(),
});
export type UssdSimulateAnswer = Static<typeof UssdSimulateAnswerSchema>;
