import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { loadCause } from '../features/causes/lib/load-causes';
import { DonationPage } from '../features/donation/components/donation-page';
import { validateDonationSearch } from '../features/donation/lib/search';
import { afterPaymentVerified } from './-compose/after-payment';

export const Route = createFileRoute('/donation')({ validateSearch: validateDonationSearch, component: DonationRoute });

function DonationRoute() {
  const search = Route.useSearch();
  const [title, setTitle] = useState<string | null>(null);
  // The cause's name for the heading: the server, else the saved copy; the form works without it.
  useEffect(() => {
    setTitle(null);
    if (!search.causeId) return;
    const controller = new AbortController();
    loadCause(search.causeId, { signal: controller.signal }).then(
      (loaded) => {
        if (loaded.kind === 'found') setTitle(loaded.cause.title || loaded.cause.name);
      },
      () => {},
    );
    return () => controller.abort();
  }, [search.causeId]);
  return <DonationPage search={search} causeTitle={title} onPaid={afterPaymentVerified} />;
}
