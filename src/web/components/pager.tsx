import { useT } from '../lib/i18n';

/** Previous / Page n / Next for the paginated admin lists; hidden when everything fits on one page. */
export function Pager({
  label,
  page,
  hasNext,
  onPage,
  note,
}: {
  label: string;
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  note?: string;
}) {
  const t = useT();
  if (page <= 1 && !hasNext) return null;
  return (
    <nav className="button-row pager" aria-label={label}>
      <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('shell.pager.previous')}
      </button>
      <span>
        {t('shell.pager.page', { page })}
        {note ? ` · ${note}` : ''}
      </span>
      <button type="button" className="button button--secondary button--small" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('shell.pager.next')}
      </button>
    </nav>
  );
}
