import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatGhs } from '../../../../shared/money';
import { PageShell } from '../../../components/layout/page-shell';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { toast } from '../../../stores/toast-store';
import { cartSyncState } from '../cart-sync';
import { checkoutTarget, filterCartLines, tickedLines, type CheckoutTarget } from '../lib/checkout';
import { slot } from '../../../../shared/i18n/slots';
import { useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { decreaseQuantity, increaseQuantity, lineTotalPesewas, removeFromCart, useCartLines } from '../local-cart';
import type { CartLine } from '../local-cart-types';
import '../cart.css';

export interface CartPageProps {
  /** The route turns a single/multi target into a navigation (features do not import routes). */
  onCheckout: (target: Exclude<CheckoutTarget, { kind: 'none' }>) => void;
}

/** The cart's sync line: edits are 'Saved on this device' until the server has them, then 'All changes synced'. */
function CartSyncNote() {
  const sync = useSnapshot(cartSyncState);
  const online = useOnline();
  const t = useT();
  if (sync.refused > 0) {
    return (
      <p className="cart-sync cart-sync--failed" role="status">
        {t('cart.sync.refused')}
      </p>
    );
  }
  if (sync.unsynced > 0) {
    const count = sync.unsynced;
    return (
      <p className="cart-sync cart-sync--pending" role="status">
        <span className="sync-dot sync-dot--pending" aria-hidden="true" />
        <span className="cart-sync__label">{t('cart.sync.savedHere')}</span>
        <span className="cart-sync__hint">
          {sync.syncing
            ? t('cart.sync.syncing', { count })
            : online
              ? t('cart.sync.waiting', { count })
              : t('cart.sync.waitingOffline', { count })}
        </span>
      </p>
    );
  }
  return (
    <p className="cart-sync" role="status">
      {sync.lastServerSyncAt ? (
        <>
          <span className="sync-dot" aria-hidden="true" />
          {t('cart.sync.synced')}
        </>
      ) : null}
    </p>
  );
}

function CartRow({ line, ticked, onTick }: { line: CartLine; ticked: boolean; onTick: (on: boolean) => void }) {
  const closed = line.accepts_donations === false;
  const tickId = `cart-tick-${line.id}`;
  const t = useT();
  return (
    <li className={`cart-row${ticked ? ' cart-row--ticked' : ''}`}>
      <input
        id={tickId}
        className="cart-row__tick"
        type="checkbox"
        checked={ticked}
        disabled={closed}
        aria-label={t('cart.row.select', { title: line.title })}
        onChange={(e) => onTick(e.target.checked)}
      />
      <div className="cart-row__main">
        <p className="cart-row__title">
          <Link to="/causes/$id" params={{ id: line.cause_id }}>
            {line.title}
          </Link>
        </p>
        <p className="cart-row__meta">
          {line.category ? <span>{line.category} · </span> : null}
          {t('cart.row.each', { amount: formatGhs(line.donation_amount) })}
          {closed ? <span className="cart-row__closed">{t('cart.row.closed')}</span> : null}
        </p>
        <div className="cart-row__controls">
          <div className="qty" role="group" aria-label={t('cart.row.quantity', { title: line.title })}>
            <button
              type="button"
              className="qty__button"
              aria-label={t('cart.row.decrease', { title: line.title })}
              onClick={() => void decreaseQuantity(line.id)}
            >
              −
            </button>
            <output className="qty__value" aria-live="polite">
              {line.quantity}
            </output>
            <button
              type="button"
              className="qty__button"
              aria-label={t('cart.row.increase', { title: line.title })}
              onClick={() => void increaseQuantity(line.id)}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className="link-button cart-row__remove"
            aria-label={t('cart.row.removeLabel', { title: line.title })}
            onClick={() => void removeFromCart(line.id)}
          >
            {t('cart.row.remove')}
          </button>
          <p className="cart-row__total" aria-label={t('cart.row.total', { title: line.title })}>
            {formatGhs(lineTotalPesewas(line))}
          </p>
        </div>
      </div>
    </li>
  );
}

/** Spec §2 /cartpage and §4 cart rules: search, category filter, ticks, quantities, Checkout bar. */
export function CartPage({ onCheckout }: CartPageProps) {
  const t = useT();
  useDocumentTitle(t('cart.page.title'));
  const lines = useCartLines();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [ticked, setTicked] = useState<Set<string>>(() => new Set());

  const all = useMemo(() => lines ?? [], [lines]);
  const categories = useMemo(() => [...new Set(all.map((l) => l.category).filter((c): c is string => Boolean(c)))].sort(), [all]);
  const visible = filterCartLines(all, query, category);
  const chosen = tickedLines(all, ticked);
  const total = chosen.reduce((sum, line) => sum + lineTotalPesewas(line), 0);

  const tick = (id: string, on: boolean) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const checkout = () => {
    const target = checkoutTarget(all, ticked);
    if (target.kind === 'none') {
      toast.warning(t('cart.page.selectOne'));
      return;
    }
    onCheckout(target);
  };

  return (
    <PageShell className="container page cart-page">
      <p className="cart-page__back">
        <Link to="/causelistpage">{t('cart.page.back')}</Link>
      </p>
      <div className="cart-page__head">
        <h1>{t('cart.page.title')}</h1>
        <CartSyncNote />
      </div>

      <form className="cart-controls" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="cart-search">{t('cart.page.searchLabel')}</label>
          <input
            id="cart-search"
            type="search"
            placeholder={t('cart.page.searchLabel')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="cart-category">{t('cart.page.categoryLabel')}</label>
          <select id="cart-category" className="cart-select" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('cart.page.allCategories')}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </form>

      <section aria-labelledby="cart-lines-heading">
        <h2 id="cart-lines-heading" className="visually-hidden">
          {t('cart.page.itemsHeading')}
        </h2>
        {lines === null ? (
          <p className="empty" aria-busy="true">
            {t('cart.page.loading')}
          </p>
        ) : all.length === 0 ? (
          <p className="empty">{t('cart.page.empty')}</p>
        ) : visible.length === 0 ? (
          <p className="empty">{query.trim() ? t('cart.page.noMatch', { query: query.trim() }) : t('cart.page.empty')}</p>
        ) : (
          <ul className="cart-list">
            {visible.map((line) => (
              <CartRow key={line.id} line={line} ticked={ticked.has(line.id)} onTick={(on) => tick(line.id, on)} />
            ))}
          </ul>
        )}
      </section>

      <div className="checkout-bar" role="region" aria-label={t('cart.page.checkoutLabel')}>
        <p className="checkout-bar__summary">
          <span className="checkout-bar__count">{t('cart.page.selected', { count: chosen.length })}</span>
          <span className="checkout-bar__total">
            {withElements(t('cart.page.total', { total: slot('total') }), { total: <strong>{formatGhs(total)}</strong> })}
          </span>
        </p>
        <button type="button" className="button button--primary" onClick={checkout}>
          {t('cart.page.checkout', { count: chosen.length })}
        </button>
      </div>
    </PageShell>
  );
}
