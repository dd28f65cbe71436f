import { expect } from '@playwright/test';
import { stepper, test } from './support.ts';

// A first visit speaks the browser's language (SPEC's zh-Hant when it is none of ours), and the language can be
// changed where a first-time visitor looks: the guide and the sign-in page.

for (const [locale, title, lang] of [
  ['en-US', 'Log in', 'en'],
  ['zh-CN', '登录', 'zh-Hans'],
  ['fr-FR', '登入', 'zh-Hant'],
] as const) {
  test.describe(`a browser in ${locale}`, () => {
    test.use({ locale });
    test(`gets ${lang} on its first visit`, async ({ page }) => {
      await page.goto('/#/pages/user/login/index');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('nav-title')).toHaveText(title);
    });
  });
}

test.describe('a first-time visitor', () => {
  test.use({ locale: 'fr-FR', firstLaunch: true });
  test('changes the language on the guide and on the sign-in page, and it stays after a reload', async ({
    page,
  }, info) => {
    const shot = stepper(page, info);
    await page.goto('/');
    await expect(page.getByTestId('guide')).toBeVisible();
    await expect(page.getByTestId('guide-language')).toHaveAccessibleName('語言');
    await page.getByTestId('guide-language').selectOption('en');
    await expect(page.getByTestId('guide-skip')).toHaveText('Skip');
    await expect(page.getByTestId('guide-language')).toHaveAccessibleName('Language');
    await shot('guide-in-english');

    await page.goto('/#/pages/user/login/index');
    await expect(page.getByTestId('nav-title')).toHaveText('Log in');
    await page.getByTestId('auth-language').selectOption('zh-Hans');
    await expect(page.getByTestId('nav-title')).toHaveText('登录');
    await shot('login-in-simplified');
    await page.reload();
    await expect(page.getByTestId('nav-title')).toHaveText('登录');
    await expect(page.getByTestId('auth-language')).toHaveValue('zh-Hans');
  });
});
