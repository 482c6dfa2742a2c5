import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@inkwell/ui-kit/button';
import { paths } from '@/config/paths';
import { getCookieChoice, storeCookieChoice, type CookieChoice } from '@/lib/storage';
import styles from './cookie-banner.module.css';

/** Cookie-consent banner; the answer is kept in local storage, so it is asked once per browser. */
export function CookieBanner() {
  const [choice, setChoice] = useState(getCookieChoice);
  if (choice !== null) return null;

  const choose = (value: CookieChoice) => {
    storeCookieChoice(value);
    setChoice(value);
  };

  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className={styles.text}>
        <h2 id="cookie-banner-title" className={styles.title}>
          Cookies on Inkwell
        </h2>
        <p>
          We use essential cookies to keep you signed in and remember your cart. With your permission we also use
          analytics cookies to learn which comics people look for. Read more in our{' '}
          <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
        </p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={() => choose('essential')}>
          Essential only
        </Button>
        <Button size="sm" onClick={() => choose('all')}>
          Accept all
        </Button>
      </div>
    </section>
  );
}
