import type { Pages } from '../lib/use-pages';

/** 'Load more' under a paged list, with its own failure line. */
export function LoadMore({ pages }: { pages: Pages<{ id: string }> }) {
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
          className="button button--secondary button--small feed-more"
          disabled={pages.loadingMore}
          onClick={pages.more}
        >
          {pages.loadingMore ? 'Loading...' : 'Load more'}
        </button>
      ) : null}
    </>
  );
}
