import { useEffect } from 'react';

/** Each screen names itself in the tab and for screen readers announcing the page. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Boafo` : 'Boafo';
  }, [title]);
}
