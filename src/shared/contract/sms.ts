/**
 * Replies to our texts, as the SMS gateway forwards them to POST /api/sms/inbound/ (Hubtel's Receive
 * SMS callback: the sender's number and the text; other fields are ignored). Names are read in
 * either case because gateways differ.
 */
import { Type, type Static } from 'typebox';

const Field = (description: string, maxLength = 1600) => Type.Optional(Type.String({ maxLength, description }));

export const SmsInboundBody = Type.Object(
  {
    From: Field('The number that replied (233XXXXXXXXX, +233… or 0…).', 40),
    from: Field('Same as From.', 40),
    To: Field('Our short code or number.', 40),
    to: Field('Same as To.', 40),
    Content: Field('The text of the reply: STOP ends all texts to that number, START resumes them.'),
    content: Field('Same as Content.'),
    Message: Field('Same as Content (older callbacks).'),
    message: Field('Same as Content.'),
    Text: Field('Same as Content.'),
    text: Field('Same as Content.'),
    Keyword: Field('The campaign keyword the reply matched, if any.', 100),
  },
  { additionalProperties: true },
);
export type SmsInboundRequest = Static<typeof SmsInboundBody>;

export const SmsInboundQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200, description: 'SMS_INBOUND_TOKEN, when the gateway cannot send a header.' })),
});

export const SmsInboundAnswerSchema = Type.Object({
  action: Type.Enum(['stopped', 'started', 'ignored'], {
    description: 'stopped: no more texts to that number; started: texts resume; ignored: not a STOP or START, or not a Ghana mobile.',
  }),
  detail: Type.String(),
});
export type SmsInboundAnswer = Static<typeof SmsInboundAnswerSchema>;
