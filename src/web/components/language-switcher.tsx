import { useId, useState } from 'react';
import { LOCALES, LOCALE_NAMES, isLocale } from '../../shared/i18n/locales';
import { chooseLocale, useLocale, useT } from '../lib/i18n';
import { toast } from '../stores/toast-store';

/**
 * The language picker (header and profile): each language by its own name, so a Twi reader finds "Twi" whatever
 * the page speaks now. A native select: the phone's own picker, keyboard and screen readers work without help.
 * The header's has a fixed `id`: the server paints the same picker into its pages (src/server/pages/site-header.ts).
 */
export function LanguageSwitcher({ className, id: fixedId }: { className?: string; id?: string }) {
  const t = useT();
  const locale = useLocale();
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const [changing, setChanging] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const change = async (value: string) => {
    if (!isLocale(value) || value === locale) return;
    setChanging(true);
    try {
      await chooseLocale(value);
      setAnnouncement(t('common.language.changed', { language: LOCALE_NAMES[value] }));
    } catch {
      toast.error(t('common.language.failed'));
    } finally {
      setChanging(false);
    }
  };

  return (
    <div className={className ? `language-switcher ${className}` : 'language-switcher'}>
      <label htmlFor={id}>{t('common.language.label')}</label>
      <select id={id} value={locale} disabled={changing} onChange={(event) => void change(event.target.value)}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
