import { useT } from '../../../lib/i18n';

/** A progress bar with the real percentage (role=progressbar, aria-valuenow). No Dexie here: the landing page uses it. */
export function CauseProgressBar({ percent, label }: { percent: number; label?: string }) {
  const t = useT();
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label ?? t('causes.progress.label')}
      aria-valuetext={t('causes.progress.valueText', { percent })}
    >
      <span className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
