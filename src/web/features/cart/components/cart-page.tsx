import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatGhs } from '../../../../shared/money';
import { PageShell } from '../../../components/layout/page-shell';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { toast } from '../../../stores/toast-store';
import { cartSyncState } from '../cart-sync';
import { checkoutTarget, filterCartLines, SELECT_AT_LEAST_ONE, tickedLines, type CheckoutTarget } from '../lib/checkout';
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
  if (sync.refused > 0) {
    return (
      <p className="cart-sync cart-sync--failed" role="status">
        Some cart changes could not be saved. Review them in the sync panel.
      </p>
    );
  }
  if (sync.unsynced > 0) {
    const changes = `${sync.unsynced} change${sync.unsynced === 1 ? '' : 's'}`;
    return (
      <p className="cart-sync cart-sync--pending" role="status">
        <span className="sync-dot sync-dot--pending" aria-hidden="true" />
        <span className="cart-sync__label">Saved on this device</span>
        <span className="cart-sync__hint">
          {sync.syncing
            ? ` — syncing ${changes}…`
            : online
              ? ` — ${changes} waiting to sync.`
              : ` — ${changes} will sync when you are back online.`}
        </span>
      </p>
    );
  }
  return (
    <p className="cart-sync" role="status">
      {sync.lastServerSyncAt ? (
        <>
          <span className="sync-dot" aria-hidden="true" />
          All changes synced
        </>
      ) : null}
    </p>
  );
}

function CartRow({ line, ticked, onTick }: { line: CartLine; ticked: boolean; onTick: (on: boolean) => void }) {
  const closed = line.accepts_donations === false;
  const tickId = `cart-tick-${line.id}`;
  return (
    <li className={`cart-row${ticked ? ' cart-row--ticked' : ''}`}>
      <input
        id={tickId}
        className="cart-row__tick"
        type="checkbox"
        checked={ticked}
        disabled={closed}
        aria-label={`Select ${line.title}`}
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
          {formatGhs(line.donation_amount)} each
          {closed ? <span className="cart-row__closed"> · No longer taking donations</span> : null}
        </p>
        <div className="cart-row__controls">
          <div className="qty" role="group" aria-label={`Quantity of ${line.title}`}>
            <button
              type="button"
              className="qty__button"
              aria-label={`Decrease quantity of ${line.title}`}
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
              aria-label={`Increase quantity of ${line.title}`}
              onClick={() => void increaseQuantity(line.id)}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className="link-button cart-row__remove"
            aria-label={`Remove ${line.title}`}
            onClick={() => void removeFromCart(line.id)}
          >
            Remove
          </button>
          <p className="cart-row__total" aria-label={`Line total for ${line.title}`}>
            {formatGhs(lineTotalPesewas(line))}
          </p>
        </div>
      </div>
    </li>
  );
}

/** Spec §2 /cartpage and §4 cart rules: search, category filter, ticks, quantities, Checkout bar. */
export function CartPage({ onCheckout }: CartPageProps) {
  useDocumentTitle('Your cart');
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
      toast.warning(SELECT_AT_LEAST_ONE);
      return;
    }
    onCheckout(target);
  };

  return (
    <PageShell className="container page cart-page">
      <p className="cart-page__back">
        <Link to="/causelistpage">← Continue browsing causes</Link>
      </p>
      <div className="cart-page__head">
        <h1>Your cart</h1>
        <CartSyncNote />
      </div>

      <form className="cart-controls" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="cart-search">Search in cart</label>
          <input id="cart-search" type="search" placeholder="Search in cart" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="cart-category">Category</label>
          <select id="cart-category" className="cart-select" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All categories</option>
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
          Cart items
        </h2>
        {lines === null ? (
          <p className="empty" aria-busy="true">
            Loading your cart…
          </p>
        ) : all.length === 0 ? (
          <p className="empty">No items in your cart.</p>
        ) : visible.length === 0 ? (
          <p className="empty">{query.trim() ? `No items in your cart match "${query.trim()}"` : 'No items in your cart.'}</p>
        ) : (
          <ul className="cart-list">
            {visible.map((line) => (
              <CartRow key={line.id} line={line} ticked={ticked.has(line.id)} onTick={(on) => tick(line.id, on)} />
            ))}
          </ul>
        )}
      </section>

      <div className="checkout-bar" role="region" aria-label="Checkout">
        <p className="checkout-bar__summary">
          <span className="checkout-bar__count">{chosen.length} selected</span>
          <span className="checkout-bar__total">
            Total <strong>{formatGhs(total)}</strong>
          </span>
        </p>
        <button type="button" className="button button--primary" onClick={checkout}>
          Checkout ({chosen.length})
        </button>
      </div>
    </PageShell>
  );
}
