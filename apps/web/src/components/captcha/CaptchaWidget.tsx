import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHALLENGE_URL, envelopeFetch, loadAltcha } from './altcha-loader.ts';
import styles from './CaptchaWidget.module.css';
import type { Captcha } from './useCaptcha.ts';

/** The widget element's methods we use (altcha's WidgetMethods). */
export interface AltchaElement extends HTMLElement {
  configure(options: Record<string, unknown>): Promise<void>;
  reset(): void;
  verify(): Promise<unknown>;
}

const WIDGET_STRINGS = [
  'label',
  'verify',
  'verifying',
  'verified',
  'verificationRequired',
  'waitAlert',
  'error',
  'expired',
  'loading',
  'reload',
  'cancel',
] as const;

/**
 * The ALTCHA proof-of-work check in a form. It starts solving as soon as it appears (a person sees "Verified"
 * by the time they have typed their email), and solves a fresh one whenever the form has used the last.
 */
export function CaptchaWidget({ captcha, testId }: { captcha: Captcha; testId: string }) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const language = i18n.language;

  useEffect(() => {
    let widget: AltchaElement | null = null;
    let cancelled = false;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      captcha.setPayload(detail.state === 'verified' ? (detail.payload ?? null) : null);
    };
    loadAltcha()
      .then(async () => {
        if (cancelled || !host.current) return;
        const scope = globalThis as typeof globalThis & {
          $altcha: { i18n: { set(language: string, strings: Record<string, string>): void } };
        };
        scope.$altcha.i18n.set(
          language,
          Object.fromEntries(WIDGET_STRINGS.map((key) => [key, t(`captcha.widget.${key}`)])),
        );
        widget = document.createElement('altcha-widget') as AltchaElement;
        widget.addEventListener('statechange', onState);
        host.current.replaceChildren(widget);
        await widget.configure({
          challenge: CHALLENGE_URL,
          fetch: envelopeFetch,
          auto: 'onload',
          language,
          hideFooter: true,
          hideLogo: true,
          name: 'captcha',
        });
        captcha.attach(widget);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      captcha.attach(null);
      widget?.removeEventListener('statechange', onState);
    };
  }, [captcha, language, t]);

  return (
    <div className={styles.captcha} data-testid={testId}>
      <div ref={host} />
      {failed && (
        <p className={styles.error} role="alert">
          {t('captcha.loadFailed')}
        </p>
      )}
    </div>
  );
}
