import { useT } from '../../lib/i18n';
import { Link } from '@tanstack/react-router';
import { DataSaverSwitch } from '../data-saver-switch';

const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
];

/** Spec §2 footer. `id="contact"` is where the nav's "Contact us" lands. */
export function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer" id="contact">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">Boafo</p>
          <p>{t('shell.footer.tagline')}</p>
          <DataSaverSwitch />
        </div>
        <nav aria-label={t('shell.footer.label')}>
          <ul className="site-footer__links">
            <li>
              <a href="/#about">{t('shell.footer.about')}</a>
            </li>
            <li>
              <a href="/#services">{t('shell.footer.services')}</a>
            </li>
            <li>
              <Link to="/signup">{t('shell.footer.joinUs')}</Link>
            </li>
            <li>
              <a href="#contact">{t('shell.footer.contact')}</a>
            </li>
            <li>
              <a href="/#services">{t('shell.footer.help')}</a>
            </li>
            <li>
              <Link to="/privacy-policy">{t('shell.footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/translations">{t('shell.footer.translations')}</Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className="site-footer__heading">{t('shell.footer.follow')}</p>
          <ul className="site-footer__social">
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright">{t('shell.footer.copyright')}</p>
    </footer>
  );
}
