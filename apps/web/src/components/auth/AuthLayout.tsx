import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Frame } from '@/app/Frame.tsx';
import { LanguagePicker } from '@/components/LanguagePicker.tsx';
import styles from './AuthLayout.module.css';

interface AuthLayoutProps {
  title: string;
  heading: string;
  sub?: string;
  back?: boolean | (() => void);
  onSubmit?(): void;
  children: ReactNode;
  footer?: ReactNode;
}

/** The shared shape of the login, register and forgot pages: brand, heading, one form, links under it. */
export function AuthLayout({ title, heading, sub, back, onSubmit, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <Frame title={title} back={back}>
      <div className={styles.language}>
        <LanguagePicker testId="auth-language" />
      </div>
      <div className={styles.hero}>
        <img className={styles.logo} src="./icon.svg" alt="" aria-hidden />
        <h2 className={styles.heading}>{heading}</h2>
        <p className={styles.sub}>{sub ?? t('auth.tagline')}</p>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        {children}
      </form>
      {footer && <div className={styles.links}>{footer}</div>}
    </Frame>
  );
}

export const authStyles = styles;
