import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHALLENGE_URL, envelopeFetch, loadAltcha } from './altcha-loader.ts';
import styles from './CaptchaWidget.module.css';
import type { Captcha } from './useCaptcha.ts';

/** The widget element's methods we use (altcha's WidgetMethods). */
export interface AltchaElement extends HTMLElement {
  configure(options: Record<string, unknown>): void;
  reset(): void;
  verify(): Promise<unknown>;
}

/** The element's methods appear once its component has mounted, a few ticks after it joins the page. */
async function mounted(widget: AltchaElement): Promise<void> {
  for (let tick = 0; tick < 100 && typeof widget.configure !== 'function'; tick++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (typeof widget.configure !== 'function') throw new Error('the captcha widget did not start');
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
      // A solution left unused until its challenge expired: solve a fresh one, as on first show.
      if (detail.state === 'expired') void widget?.verify().catch(() => undefined);
    };
    captcha.expectWidget(true);
    loadAltcha()
      .then(async () => {
        if (cancelled || !host.current) return;
        const scope = globalThis as typeof globalThis & {
          $altcha: { i18n: { set(language: string, strings: Record<string, string>): void } };
        };
        // The widget looks its strings up by the lower-cased language ("zh-hant").
        scope.$altcha.i18n.set(
          language.toLowerCase(),
          Object.fromEntries(WIDGET_STRINGS.map((key) => [key, t(`captcha.widget.${key}`)])),
        );
        widget = document.createElement('altcha-widget') as AltchaElement;
        widget.setAttribute('language', language);
        widget.addEventListener('statechange', onState);
        host.current.replaceChildren(widget);
        await mounted(widget);
        if (cancelled) return;
        widget.configure({
          challenge: CHALLENGE_URL,
          fetch: envelopeFetch,
          language,
          hideFooter: true,
          hideLogo: true,
          name: 'captcha',
        });
        captcha.attach(widget);
        // Solve at once: by the time the person has typed their email it says "Verified".
        void widget.verify().catch(() => undefined);
      })
      .catch(() => {
        captcha.expectWidget(false);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      captcha.attach(null);
      captcha.expectWidget(false);
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
