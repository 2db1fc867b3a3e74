import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import { formatGhs } from '../../../../shared/money';
import { ShareButton } from '../../../components/share-button/share-button';
import { toast } from '../../../stores/toast-store';
import { addToCart } from '../../cart/local-cart';
import { categoryName } from '../../../../shared/cause-display';
import { causeProgress } from '../../../../shared/cause-progress';
import { deadlineOf } from '../../../../shared/cause-deadline';
import { slot } from '../../../../shared/i18n/slots';
import { t as translate, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { deadlineText } from '../lib/cause-words';
import { CauseProgressBar } from './progress-bar';
import { ResponsiveImage } from '../../../components/responsive-image';

export { CauseProgressBar };
import '../causes.css';

/** Spec §9: the list's Add to cart sends 10 GHS, quantity 1. */
export const LIST_CART_AMOUNT = '10.00';

/** Adds the cause to the local cart with the toasts of spec §8. */
export async function addCauseToCart(cause: Pick<Cause, 'id' | 'name' | 'title' | 'category' | 'image'>): Promise<boolean> {
  try {
    await addToCart(
      { id: cause.id, title: cause.title || cause.name, category: categoryName(cause.category) || null, image: cause.image },
      LIST_CART_AMOUNT,
      1,
    );
    toast.success(translate('causes.cart.added'));
    return true;
  } catch {
    toast.error(translate('causes.cart.addFailed'));
    return false;
  }
}

export interface CauseCardProps {
  cause: Cause;
  /** Show the Add to cart button (default true). */
  showAddToCart?: boolean;
  /** Show raised/goal and the progress bar (default true). */
  showProgress?: boolean;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Show the Share button (default true). */
  showShare?: boolean;
}

/**
 * One cause as a card (spec §2 list card): image, title linking to /causes/{id}, description,
 * Add to cart. Shared by the cause list and the signed-in screens.
 */
export function CauseCard({ cause, showAddToCart = true, showProgress = true, headingLevel = 3, showShare = true }: CauseCardProps) {
  const [adding, setAdding] = useState(false);
  const t = useT();
  const title = cause.title || cause.name;
  const progress = causeProgress(cause.target_amount, cause.current_amount);
  const Heading = `h${headingLevel}` as const;
  const category = categoryName(cause.category);
  const deadline = deadlineText(t, deadlineOf(cause));

  return (
    <article className="cause-card">
      <ResponsiveImage
        className="cause-card__image"
        src={cause.image ?? cause.cover_image}
        sizesMap={cause.cover_image_sizes}
        width={480}
        height={270}
        sizes="(max-width: 640px) 100vw, 50vw"
        alt=""
      />
      <div className="cause-card__body">
        {category && <p className="cause-card__category">{category}</p>}
        <Heading className="cause-card__title">
          <Link to="/causes/$id" params={{ id: cause.id }}>
            {title}
          </Link>
        </Heading>
        <p className="cause-card__description">{cause.description}</p>
        {showProgress && (
          <div className="cause-card__progress">
            <CauseProgressBar percent={progress.percent} label={t('causes.card.progressLabel', { title })} />
            <p className="cause-card__amounts">
              {withElements(
                t('causes.card.amounts', { raised: slot('raised'), goal: formatGhs(progress.goal), percent: progress.percent }),
                { raised: <strong>{formatGhs(progress.collected)}</strong> },
              )}
            </p>
          </div>
        )}
        {deadline && <p className="cause-deadline">{deadline}</p>}
        {/* A cause past its goal (or closed) is still shown, but the server would refuse its cart line. */}
        {showAddToCart && cause.accepts_donations === false && <p className="cause-card__closed">{t('causes.card.closed')}</p>}
        <div className="cause-card__actions">
          {showAddToCart && cause.accepts_donations !== false && (
            <button
              type="button"
              className="button button--secondary cause-card__cart"
              disabled={adding}
              onClick={async () => {
                setAdding(true);
                await addCauseToCart(cause);
                setAdding(false);
              }}
            >
              {t('causes.card.addToCart')}
            </button>
          )}
          {showShare && <ShareButton title={title} text={cause.description} path={`/causes/${cause.id}`} />}
        </div>
      </div>
    </article>
  );
}
