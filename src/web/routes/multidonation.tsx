import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { cartSyncState } from '../features/cart/cart-sync';
import { lineTotal, useCartLines } from '../features/cart/local-cart';
import { MultiDonationPage, type ChosenCause } from '../features/donation/components/multi-donation-page';
import { causeIdsFromSearch, validateMultiDonationSearch } from '../features/donation/lib/search';
import { useT } from '../lib/i18n';
import { afterPaymentVerified } from './-compose/after-payment';

export const Route = createFileRoute('/multidonation')({ validateSearch: validateMultiDonationSearch, component: MultiDonationRoute });

/** The ticked causes (or the whole cart) with their cart line totals, handed to the form. */
function MultiDonationRoute() {
  const search = Route.useSearch();
  const lines = useCartLines();
  const sync = useSnapshot(cartSyncState);
  const t = useT();
  const causes = useMemo<ChosenCause[] | null>(() => {
    if (lines === null) return null;
    const ids = causeIdsFromSearch(search);
    const byId = new Map(lines.map((l) => [l.cause_id, l]));
    const chosen = ids.length ? ids : lines.map((l) => l.cause_id);
    return chosen.map((id) => {
      const line = byId.get(id);
      return {
        cause_id: id,
        title: line?.title ?? t('donation.multi.unknownCause', { id: id.slice(0, 8) }),
        cart_amount: line ? lineTotal(line) : null,
      };
    });
  }, [lines, search, t]);
  return <MultiDonationPage causes={causes} cartInSync={sync.unsynced === 0 && sync.refused === 0} onPaid={afterPaymentVerified} />;
}
