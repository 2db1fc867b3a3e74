import { useT } from '../lib/i18n';
import type { Pages } from '../lib/use-pages';

/** 'Load more' under a paged list (lib/use-pages), with its own failure line. */
export function LoadMore({ pages, label, className }: { pages: Pages<{ id: string }>; label?: string; className?: string }) {
  const t = useT();
  return (
    <>
      {pages.moreFailed ? (
        <p className="field__error" role="alert">
          {t('shell.loadMore.failed')}
        </p>
      ) : null}
      {pages.hasMore ? (
        <button
          type="button"
          className={`button button--secondary button--small ${className ?? ''}`.trimEnd()}
          disabled={pages.loadingMore}
          onClick={pages.more}
        >
          {pages.loadingMore ? t('shell.loadMore.loading') : (label ?? t('shell.loadMore.button'))}
        </button>
      ) : null}
    </>
  );
}
