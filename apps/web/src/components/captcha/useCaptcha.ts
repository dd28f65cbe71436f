import { useState } from 'react';
import type { AltchaElement } from './CaptchaWidget.tsx';

/** How long a form waits for the widget to finish a proof of work it is still solving. */
const WAIT_MS = 30_000;

/**
 * One form's captcha: the payload of the widget's last solved challenge. The server accepts a payload once, so
 * `take()` hands it over and starts solving the next (sending a code and then signing up need one each). A
 * form that submits while the widget is still solving waits for it; without a solution it sends none and the
 * server's "please complete the human check" is shown. The widget loads lazily, so a quick person (or a test)
 * can submit before it is even on the page: the widget says it is coming as it starts loading, and `take()`
 * waits for it then too.
 */
export interface Captcha {
  take(): Promise<string | undefined>;
  setPayload(payload: string | null): void;
  attach(widget: AltchaElement | null): void;
  /** Whether a widget is loading for this form; when loading gives up, whoever waits gets no solution. */
  expectWidget(coming: boolean): void;
}

export function createCaptcha(): Captcha {
  let payload: string | null = null;
  let widget: AltchaElement | null = null;
  let coming = false;
  let waiters: ((payload: string | null) => void)[] = [];

  const next = () =>
    new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), WAIT_MS);
      waiters.push((solved) => {
        clearTimeout(timer);
        resolve(solved);
      });
    });

  return {
    async take() {
      const taken = payload ?? (widget || coming ? await next() : null);
      if (!taken) return undefined;
      payload = null;
      if (widget) {
        widget.reset();
        void widget.verify().catch(() => undefined);
      }
      return taken;
    },
    setPayload(solved) {
      payload = solved;
      if (!solved) return;
      const waiting = waiters;
      waiters = [];
      for (const resolve of waiting) resolve(solved);
    },
    attach(next) {
      widget = next;
      if (!next) payload = null;
    },
    expectWidget(value) {
      coming = value;
      if (value || widget) return;
      const waiting = waiters;
      waiters = [];
      for (const resolve of waiting) resolve(null);
    },
  };
}

export function useCaptcha(): Captcha {
  const [captcha] = useState(createCaptcha);
  return captcha;
}
