import { emailDocument } from './placeholders';
import styles from './email.module.css';

/** An email's HTML, shown in a frame that may run nothing (`sandbox=""`). */
export function EmailFrame({ html, title, tall = false }: { html: string; title: string; tall?: boolean }) {
  return <iframe className={tall ? styles.frameTall : styles.frame} title={title} sandbox="" srcDoc={emailDocument(html)} />;
}
