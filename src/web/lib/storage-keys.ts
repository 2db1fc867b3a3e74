/**
 * localStorage keys. The session keys are the ones logout removes (spec §4: access token,
 * refresh token, user id and cart id); later issues read cart_id and the payment reference.
 */
export const STORAGE_KEYS = {
  access: 'access_token',
  refresh: 'refresh_token',
  userId: 'user_id',
  cartId: 'cart_id',
  lastPaymentReference: 'last_payment_reference',
  /** Remembered devices' tokens by email (lib/device-tokens.ts); logout keeps them: the device stays trusted. */
  deviceTokens: 'device_tokens',
} as const;
