/**
 * Sentences with a marked-up part ("<strong>GH₵120.00</strong> raised of GH₵500.00"): the translation decides
 * where the part goes, so the sentence is one message with a placeholder, formatted with `slot(name)` as that
 * placeholder's value; then `splitSlots` cuts the text where the slots landed and the caller puts its element
 * there (React in the app, escaped HTML in the server's painted pages). Plain: no imports.
 */
const OPEN = '\u0002';
const CLOSE = '\u0003';

/** The value to give a placeholder that an element will fill. */
export function slot(name: string): string {
  return `${OPEN}${name}${CLOSE}`;
}

/** A formatted message as text pieces and `{ slot }` markers, in order. */
export function splitSlots(message: string): Array<string | { slot: string }> {
  const parts: Array<string | { slot: string }> = [];
  let at = 0;
  for (let open = message.indexOf(OPEN); open !== -1; open = message.indexOf(OPEN, at)) {
    const close = message.indexOf(CLOSE, open);
    if (close === -1) break;
    if (open > at) parts.push(message.slice(at, open));
    parts.push({ slot: message.slice(open + 1, close) });
    at = close + 1;
  }
  if (at < message.length) parts.push(message.slice(at));
  return parts;
}
