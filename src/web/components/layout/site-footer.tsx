import { Link } from '@tanstack/react-router';

const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
];

/** Spec §2 footer. `id="contact"` is where the nav's "Contact us" lands. */
export function SiteFooter() {
  return (
    <footer className="site-footer" id="contact">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">Boafo</p>
          <p>Helping hands for medical emergencies and community causes across Ghana.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <a href="/#about">About</a>
            </li>
            <li>
              <a href="/#services">Services</a>
            </li>
            <li>
              <Link to="/signup">Join Us</Link>
            </li>
            <li>
              <a href="#contact">Contact</a>
            </li>
            <li>
              <a href="/#services">Help</a>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy</Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className="site-footer__heading">Follow us</p>
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
      <p className="site-footer__copyright">© 2025 Boafo. All rights reserved.</p>
    </footer>
  );
}
