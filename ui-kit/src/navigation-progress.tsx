import { useNavigation } from 'react-router-dom';
import styles from './navigation-progress.module.css';

/** Thin bar along the top while the next page's code is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.bar} role="progressbar" aria-label="Loading page" />;
}
