/** Web Push subscription calls on the wire (spec §4, §9). */
import { Type, type Static } from 'typebox';

const Base64Url = (description: string) => Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', minLength: 16, maxLength: 200, description });

/** GET /api/push/public-key/ */
export const PushPublicKeySchema = Type.Object({
  public_key: Type.String({ description: 'VAPID application server key (base64url) for PushManager.subscribe().' }),
});
export type PushPublicKey = Static<typeof PushPublicKeySchema>;

/** POST /api/push/subscribe/ — the browser's PushSubscription.toJSON(). */
export const PushSubscribeBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 2048, description: 'The push service URL (https).' }),
  keys: Type.Object({
    p256dh: Base64Url('Browser public key: a P-256 point, 65 bytes.'),
    auth: Base64Url('Authentication secret, 16 bytes.'),
  }),
  // PushSubscription.toJSON() sends it; push services expire subscriptions on their own and we prune on 404/410.
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type PushSubscribeRequest = Static<typeof PushSubscribeBody>;

export const PushSubscriptionSchema = Type.Object({
  endpoint: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

export const PushUnsubscribeBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 2048 }),
});
