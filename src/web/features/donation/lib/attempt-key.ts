function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per submission attempt: the same details submitted again (a double click,
 * a retry after an error or a lost answer) reuse the key, so the server answers with the payment it
 * already started instead of opening a second one. Changing any detail is a new attempt.
 */
export function createAttemptKeys(uuid: () => string = newUuid) {
  let last: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const fingerprint = JSON.stringify(payload);
      if (!last || last.fingerprint !== fingerprint) last = { fingerprint, key: uuid() };
      return last.key;
    },
  };
}
