import type { Pages } from '../lib/use-pages';

/** 'Load more' under a paged list (lib/use-pages), with its own failure line. */
export function LoadMore({ pages, label = 'Load more', className }: { pages: Pages<{ id: string }>; label?: string; className?: string }) {
  return (
    <>
      {pages.moreFailed ? (
        <p className="field__error" role="alert">
          Could not load more. Try again.
        </p>
      ) : null}
      {pages.hasMore ? (
        <button
          type="button"
          className={`button button--secondary button--small ${className ?? ''}`.trimEnd()}
          disabled={pages.loadingMore}
          onClick={pages.more}
        >
          {pages.loadingMore ? 'Loading...' : label}
        </button>
      ) : null}
    </>
  );
}
