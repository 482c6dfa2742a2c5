import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { ArrowUpIcon } from '@inkwell/ui-kit/icons';
import { Logo } from '@inkwell/ui-kit/logo';
import { paths } from '@/config/paths';
import styles from './footer.module.css';

const COLUMNS = [
  {
    title: 'Shop',
    links: [
      { to: paths.browse, label: 'Browse' },
      { to: paths.newReleases, label: 'New Releases' },
      { to: paths.onSale, label: 'On Sale' },
      { to: paths.calendar, label: 'Release Calendar' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: paths.about, label: 'About' },
      { to: paths.supportCenter, label: 'Support Center' },
      { to: paths.contact, label: 'Contact us' },
      { to: paths.librarians, label: 'Librarians' },
      { to: paths.accountBenefits, label: 'Reader accounts' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.termsOfUse, label: 'Terms of Use' },
      { to: paths.privacyPolicy, label: 'Privacy Policy' },
      { to: paths.copyright, label: 'Copyright' },
    ],
  },
] as const;

export const TOP_ANCHOR_ID = 'top';

function goToTop(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
  // Keyboard users continue from the top of the page too.
  document.getElementById(TOP_ANCHOR_ID)?.focus({ preventScroll: true });
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={`${styles.footer} on-dark`}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo className={styles.logo} />
          <p className={styles.tagline}>Comics and manga from the people who publish them, in print and digital.</p>
        </div>
        <nav className={styles.columns} aria-label="Footer">
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className={styles.columnTitle}>{column.title}</h2>
              <ul className={styles.list}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className={styles.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className={styles.bottom}>
        <div className={styles.bottomInner}>
          <div className={styles.notices}>
            <p>This site is in beta. Some features may change as we improve the store.</p>
            <p>We do not sell your personal information.</p>
            <p>© {year} Inkwell</p>
          </div>
          <a href={`#${TOP_ANCHOR_ID}`} className={styles.toTop} onClick={goToTop}>
            <ArrowUpIcon size={18} />
            GO TO TOP
          </a>
        </div>
      </div>
    </footer>
  );
}
