import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useCartCount } from '../../../components/notifications-badge/use-cart-count';
import { CartBadge } from '../../../components/notifications-badge/notification-badge';
import { useT } from '../../../lib/i18n';

/** The donation screens' header: back link, a cause search (to the list) and the real cart badge. */
export function DonateHeader({ backTo = '/cartpage' }: { backTo?: string }) {
  const count = useCartCount();
  const t = useT();
  const router = useRouter();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  return (
    <div className="donate-header">
      <a
        href={backTo}
        className="donate-header__back"
        onClick={(e) => {
          e.preventDefault();
          if (window.history.length > 1) router.history.back();
          else void navigate({ to: backTo });
        }}
      >
        {t('donation.header.back')}
      </a>
      <form
        className="donate-header__search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate({ to: '/causelistpage', search: query.trim() ? { q: query.trim() } : {} });
        }}
      >
        <label htmlFor="donate-search" className="visually-hidden">
          {t('donation.header.searchLabel')}
        </label>
        <input
          id="donate-search"
          type="search"
          placeholder={t('donation.header.searchLabel')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      <CartBadge count={count} />
      <Link to="/causelistpage" className="visually-hidden">
        {t('donation.header.browse')}
      </Link>
    </div>
  );
}
