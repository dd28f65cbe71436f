import styles from '@/components/ui.module.css';

/** The coin's logo when the source has one, else its first letters on the brand gradient. */
export function AssetIcon({ code, src }: { code: string; src?: string }) {
  if (src) return <img className={styles.iconImage} src={src} alt="" aria-hidden />;
  return (
    <span className={styles.icon} aria-hidden>
      {code.slice(0, 4)}
    </span>
  );
}
