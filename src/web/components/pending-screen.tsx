import { useT } from '../lib/i18n';

/** Router defaultPendingComponent: a skeleton while a lazy route chunk or loader is on its way. */
export function PendingScreen() {
  const t = useT();
  return (
    <div className="container page skeleton" role="status">
      <span className="visually-hidden">{t('shell.loading')}</span>
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__line" />
      <div className="skeleton__line skeleton__line--short" />
      <div className="skeleton__block" />
    </div>
  );
}
