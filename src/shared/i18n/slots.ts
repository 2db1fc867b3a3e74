/**
 * Sentences with a marked-up part ("<strong>GH₵120.00</strong> raised of GH₵500.00"): the translation decides
 * where the part goes, so the sentence is one message with a placeholder, formatted with `slot(name)` as that
 * placeholder's value; then `splitSlots` cuts the text where the slots landed and the caller puts its element
 * there (React in the app, escaped HTML in the server's painted pages). Plain: no imports.
 */
const OPEN = '\u0002';
const CLOSE = '\u0003';
const SLOT = /\u0002([A-Za-z0-9_]+)\u0003/;

/** The value to give a placeholder that an element will fill. */
export function slot(name: string): string {
  return `${OPEN}${name}${CLOSE}`;
}

/** A formatted message as text pieces and `{ slot }` markers, in order. */
export function splitSlots(message: string): Array<string | { slot: string }> {
  const parts: Array<string | { slot: string }> = [];
  let rest = message;
  for (let match = SLOT.exec(rest); match; match = SLOT.exec(rest)) {
    if (match.index > 0) parts.push(rest.slice(0, match.index));
    parts.push({ slot: match[1]! });
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) parts.push(rest);
  return parts;
}
