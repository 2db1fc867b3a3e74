import { useId } from 'react';
import { useT } from '../lib/i18n';
import { formatBytes, saveDataSwitch, setSaveData } from '../lib/save-data';
import { useSaveData, useSavedThisMonth } from '../lib/use-save-data';

/**
 * The "Save data" switch (every public screen's footer: a guest has no profile) with what it saved this month beside
 * it. A checkbox, so the phone's screen reader says "on"/"off" without help. On while the browser itself asks to save
 * data too, but only the app's own switch can be turned off here.
 */
export function DataSaverSwitch() {
  const t = useT();
  const id = useId();
  const saving = useSaveData();
  const saved = useSavedThisMonth();
  const hintId = `${id}-hint`;
  return (
    <div className="data-saver">
      <p className="data-saver__switch">
        <input
          id={id}
          type="checkbox"
          checked={saving}
          aria-describedby={hintId}
          onChange={(event) => setSaveData(event.target.checked)}
          disabled={saving && !saveDataSwitch()}
        />
        <label htmlFor={id}>{t('dataSaver.switch.label')}</label>
      </p>
      <p id={hintId} className="data-saver__hint">
        {t('dataSaver.switch.hint')}{' '}
        <span role="status">{saved > 0 ? t('dataSaver.saved.month', { amount: formatBytes(saved) }) : t('dataSaver.saved.none')}</span>
      </p>
    </div>
  );
}
