/**
 * Whether to try the network now: the browser's word where there is one. A context without `navigator` (a test) always
 * tries. "Online" can still mean no route to the server; callers handle fetch errors too. (React state: use-online.ts.)
 */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
