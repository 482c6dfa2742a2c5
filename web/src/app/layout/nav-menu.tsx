import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDownIcon, CloseIcon, MenuIcon, UserIcon } from '@inkwell/ui-kit/icons';
import { paths } from '@/config/paths';
import { useDismiss } from '@/hooks/use-dismiss';
import { LoginStatus, useAuth } from '@/lib/auth';
import styles from './nav-menu.module.css';

const BROWSE_LINKS = [
  { to: paths.browse, label: 'All comics' },
  { to: paths.newReleases, label: 'New Releases' },
  { to: paths.onSale, label: 'On Sale' },
  { to: paths.calendar, label: 'Release Calendar' },
] as const;

/**
 * The navbar's Menu: on narrow screens the site navigation (Browse with its submenu, News) plus the
 * account entries; on wide screens, for a logged-in reader, only the account entries (email,
 * Account, Library, Dashboard for admins, Log Out).
 */
export function NavMenu({ narrow }: { narrow: boolean }) {
  const { status, account, isAdmin, openLogin, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [browseOpen, setBrowseOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const browseId = useId();
  useDismiss(open, close, { panel, trigger });

  const loggedIn = status === LoginStatus.LoggedIn;

  return (
    <div className={styles.root}>
      <button
        ref={trigger}
        type="button"
        className={narrow ? styles.burger : styles.pill}
        aria-label={narrow ? 'Menu' : 'Account menu'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {narrow ? (
          open ? <CloseIcon /> : <MenuIcon />
        ) : (
          <>
            <UserIcon size={20} />
            <span>Menu</span>
            <ChevronDownIcon size={18} />
          </>
        )}
      </button>

      {narrow && open && <div className={styles.backdrop} aria-hidden="true" />}
      <div ref={panel} id={panelId} className={narrow ? styles.sheet : styles.dropdown} hidden={!open}>
        {narrow && (
          <nav aria-label="Main" className={styles.section}>
            <button
              type="button"
              className={styles.item}
              aria-expanded={browseOpen}
              aria-controls={browseId}
              onClick={() => setBrowseOpen((value) => !value)}
            >
              Browse
              <ChevronDownIcon size={18} className={browseOpen ? styles.chevronOpen : styles.chevron} />
            </button>
            <ul id={browseId} className={styles.submenu} hidden={!browseOpen}>
              {BROWSE_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={styles.subitem} onClick={close}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <Link to={paths.news} className={styles.item} onClick={close}>
              News
            </Link>
            {!loggedIn && (
              <Link to={paths.library} className={styles.item} onClick={close}>
                Library
              </Link>
            )}
          </nav>
        )}

        {loggedIn && account ? (
          <div className={styles.section}>
            <p className={styles.email} title={account.email}>
              {account.email}
            </p>
            <Link to={paths.account} className={styles.item} onClick={close}>
              Account
            </Link>
            <Link to={paths.library} className={styles.item} onClick={close}>
              Library
            </Link>
            {isAdmin && (
              <a href={paths.dashboard} className={styles.item}>
                Dashboard
              </a>
            )}
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                close();
                logout();
              }}
            >
              Log Out
            </button>
          </div>
        ) : (
          <div className={styles.section}>
            <button
              type="button"
              className={styles.loginItem}
              aria-haspopup="dialog"
              onClick={() => {
                close();
                // The overlay hands focus back to what had it: the Menu button, not this hidden item.
                trigger.current?.focus();
                openLogin();
              }}
            >
              Log in or create a Reader account
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
