import { useState } from 'react';
import type { AltchaElement } from './CaptchaWidget.tsx';

/**
 * One form's captcha: the payload of the widget's last solved challenge. The server accepts a payload once, so
 * `take()` hands it over and starts solving the next (sending a code and then signing up need one each).
 */
export interface Captcha {
  take(): string | undefined;
  setPayload(payload: string | null): void;
  attach(widget: AltchaElement | null): void;
}

export function createCaptcha(): Captcha {
  let payload: string | null = null;
  let widget: AltchaElement | null = null;
  return {
    take() {
      const taken = payload ?? undefined;
      if (taken && widget) {
        payload = null;
        widget.reset();
        void widget.verify().catch(() => undefined);
      }
      return taken;
    },
    setPayload(next) {
      payload = next;
    },
    attach(next) {
      widget = next;
      if (!next) payload = null;
    },
  };
}

export function useCaptcha(): Captcha {
  const [captcha] = useState(createCaptcha);
  return captcha;
}
