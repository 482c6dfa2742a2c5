import styles from './page-header.module.css';

export function PageHeader({ title, summary }: { title: string; summary: string }) {
  return (
    <header className={styles.header}>
      <title>{`${title} · Inkwell Staff`}</title>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.summary}>{summary}</p>
    </header>
  );
}
