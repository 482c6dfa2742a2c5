import { useCallback, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { buttonClassName } from '@inkwell/ui-kit/button';
import { SearchIcon } from '@inkwell/ui-kit/icons';
import { Logo } from '@inkwell/ui-kit/logo';
import { paths } from '@/config/paths';
import { CartButton } from '@/features/cart/components/cart-button';
import { usePaymentProvider } from '@/features/checkout/use-payment-provider';
import { SearchOverlay } from '@/features/search/components/search-overlay';
import { NARROW_LAYOUT_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { LoginStatus, useAuth } from '@/lib/auth';
import { NavMenu } from './nav-menu';
import styles from './navbar.module.css';

/** Spec §4: an open cart overlay loads the payment provider, so checkout does not wait for it. */
function PaymentProviderLoad() {
  usePaymentProvider(true);
  return null;
}

const PRIMARY_LINKS = [
  { to: paths.browse, label: 'Browse' },
  { to: paths.news, label: 'News' },
  { to: paths.library, label: 'Library' },
] as const;

/**
 * Navbar of storefront spec §2: logo, BETA tag, Browse, News, Library, Search, Cart, and then
 * Login (logged out on wide screens), Menu (logged in, or 1024px and narrower) or a disabled
 * '...' while the login status is being worked out.
 */
export function Navbar() {
  const { status, openLogin } = useAuth();
  const narrow = useMediaQuery(NARROW_LAYOUT_QUERY);
  const [searchOpen, setSearchOpen] = useState(false);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const searchButton = useRef<HTMLButtonElement>(null);
  const checking = status === LoginStatus.Unknown || status === LoginStatus.LoggingIn;

  return (
    <header className={`${styles.bar} on-dark`}>
      <div className={styles.inner}>
        {/* Named by what it shows (the wordmark and its tag) and then where it goes: an aria-label of its own hid the visible 'Beta' from voice control. */}
        <Link to={paths.home} className={styles.logoLink}>
          <Logo tag="beta" />
          <span className="visually-hidden"> home</span>
        </Link>

        {!narrow && (
          <nav className={styles.links} aria-label="Main">
            {PRIMARY_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={({ isActive }) => [styles.link, isActive && styles.active].filter(Boolean).join(' ')}>
                {link.label}
              </NavLink>
            ))}
          </nav>
        )}

        <div className={styles.tools}>
          <button
            ref={searchButton}
            type="button"
            className={styles.iconButton}
            aria-label="Search"
            aria-haspopup="dialog"
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen(true)}
          >
            <SearchIcon />
          </button>
          {searchOpen && <SearchOverlay onClose={closeSearch} returnFocusTo={searchButton} />}
          <CartButton whileOpen={<PaymentProviderLoad />} />
          {checking ? (
            <button type="button" className={buttonClassName({ variant: 'secondary', size: 'sm', className: styles.pending })} disabled aria-label="Checking your login">
              ...
            </button>
          ) : status === LoginStatus.LoggedOut && !narrow ? (
            <button type="button" className={buttonClassName({ variant: 'accent', size: 'sm', className: styles.login })} aria-haspopup="dialog" onClick={() => openLogin()}>
              Login
            </button>
          ) : (
            <NavMenu narrow={narrow} />
          )}
        </div>
      </div>
    </header>
  );
}
