import { describe, expect, it, vi } from 'vitest';
import type { AltchaElement } from './CaptchaWidget.tsx';
import { createCaptcha } from './useCaptcha.ts';

const fakeWidget = () => ({ reset: vi.fn(), verify: vi.fn(async () => undefined) }) as unknown as AltchaElement;

describe('a form’s captcha', () => {
  it('hands a solution over once and asks the widget for the next', async () => {
    const captcha = createCaptcha();
    const widget = fakeWidget();
    captcha.attach(widget);
    captcha.setPayload('solved-1');
    expect(await captcha.take()).toBe('solved-1');
    expect(widget.verify).toHaveBeenCalledTimes(1);
    const second = captcha.take();
    captcha.setPayload('solved-2');
    expect(await second).toBe('solved-2');
  });

  it('waits for a widget that is still loading when the form is sent first', async () => {
    const captcha = createCaptcha();
    captcha.expectWidget(true);
    const taken = captcha.take();
    // The widget arrives, solves, and the waiting send gets its solution.
    captcha.attach(fakeWidget());
    captcha.setPayload('solved-late');
    expect(await taken).toBe('solved-late');
  });

  it('sends none at once when no widget is coming, and releases a wait when loading gives up', async () => {
    expect(await createCaptcha().take()).toBeUndefined();
    const captcha = createCaptcha();
    captcha.expectWidget(true);
    const taken = captcha.take();
    captcha.expectWidget(false);
    expect(await taken).toBeUndefined();
  });
});
