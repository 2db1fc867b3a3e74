import { Fragment, type ReactNode } from 'react';
import { splitSlots } from '../../shared/i18n/slots';

/**
 * A translated sentence with elements inside it: `withElements(t('x', { amount: slot('amount') }), { amount: <strong>…</strong> })`.
 * Renders the same markup as writing the element between the sentence's words by hand.
 */
export function withElements(message: string, elements: Record<string, ReactNode>): ReactNode {
  return splitSlots(message).map((part, index) => (
    <Fragment key={index}>{typeof part === 'string' ? part : (elements[part.slot] ?? null)}</Fragment>
  ));
}
