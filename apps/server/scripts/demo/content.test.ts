import { describe, expect, it } from 'vitest';
import { ACTIVITIES, DEMO_WORDS, type DemoLanguage } from './content.ts';
import { coverSvg } from './covers.ts';

const HAN = /\p{Script=Han}/u;

describe('demo content (issue 23)', () => {
  it('mixes the three languages as a real community in the region would', () => {
    const count = (lang: DemoLanguage) => ACTIVITIES.filter((activity) => activity.lang === lang).length;
    expect(count('zh-Hant')).toBeGreaterThanOrEqual(6);
    expect(count('zh-Hans')).toBeGreaterThanOrEqual(3);
    expect(count('en')).toBeGreaterThanOrEqual(6);
    for (const activity of ACTIVITIES) {
      // Written in its language: Chinese titles and blurbs in Han characters, English ones without.
      const chinese = activity.lang !== 'en';
      expect(HAN.test(activity.title), activity.title).toBe(chinese);
      expect(HAN.test(activity.blurb), activity.title).toBe(chinese);
    }
    expect(DEMO_WORDS['zh-Hant'].footer('Demo · 台北開發者公會')).toContain('示範內容');
    expect(DEMO_WORDS['zh-Hans'].footer('Demo · Lion City Makers')).toContain('示范内容');
  });

  it('draws covers with no words in them, each its own', () => {
    const covers = ACTIVITIES.map((activity) =>
      coverSvg({ seed: `${activity.host}\n${activity.title}`, category: activity.category }),
    );
    for (const [index, svg] of covers.entries()) {
      expect(svg, ACTIVITIES[index]!.title).not.toMatch(/<text|<tspan|DEMO/);
      expect(svg).not.toContain(ACTIVITIES[index]!.title);
    }
    expect(new Set(covers).size).toBe(covers.length);
  });
});
