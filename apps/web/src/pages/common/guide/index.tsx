import { Swiper, type SwiperRef } from 'antd-mobile';
import { BankcardOutline, TeamOutline, UserSetOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { guideNext, markGuideSeen } from '@/app/first-launch.ts';
import { Button } from '@/components/Button.tsx';
import { LanguagePicker } from '@/components/LanguagePicker.tsx';
import styles from './guide.module.css';

interface Slide {
  id: string;
  art: ReactNode;
  color: string;
  title: string;
  body: string;
}

/**
 * SPEC §4 first launch: three slides, shown once (the app shell sends the first visit here). "Skip" and
 * "get started" continue to the page the visitor opened (`?next=`).
 */
export default function GuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const swiper = useRef<SwiperRef>(null);
  const [index, setIndex] = useState(0);
  // Where "next" is heading: a second tap during the slide animation moves on from there, not from the old slide.
  const target = useRef(0);
  useEffect(() => markGuideSeen(), []);
  const slides: Slide[] = [
    {
      id: 'meet',
      art: <UserSetOutline />,
      color: '#1677ff',
      title: t('guide.slide1Title'),
      body: t('guide.slide1Body'),
    },
    { id: 'chat', art: <TeamOutline />, color: '#00b578', title: t('guide.slide2Title'), body: t('guide.slide2Body') },
    {
      id: 'wallet',
      // The wallet holds crypto (USDT and more): a card wallet, not the ¥ coin of PayCircleOutline.
      art: <BankcardOutline />,
      color: '#ff8f1f',
      title: t('guide.slide3Title'),
      body: t('guide.slide3Body'),
    },
  ];
  const finish = () => navigate(guideNext(params.get('next')), { replace: true });
  const last = index === slides.length - 1;
  const next = () => {
    target.current = Math.min(target.current + 1, slides.length - 1);
    swiper.current?.swipeTo(target.current);
  };
  const onIndexChange = (value: number) => {
    target.current = value;
    setIndex(value);
  };
  return (
    <main id="main" className={styles.page} data-testid="guide">
      <div className={styles.top}>
        <LanguagePicker testId="guide-language" />
        <button type="button" className={styles.skip} onClick={finish} data-testid="guide-skip">
          {t('guide.skip')}
        </button>
      </div>
      <Swiper ref={swiper} className={styles.swiper} onIndexChange={onIndexChange} aria-roledescription="carousel">
        {slides.map((slide, position) => (
          <Swiper.Item key={slide.id}>
            <section
              className={styles.slide}
              aria-label={t('guide.step', { current: position + 1, total: slides.length })}
              data-testid={`guide-slide-${position + 1}`}
            >
              <div className={styles.art} style={{ background: slide.color }} aria-hidden>
                {slide.art}
              </div>
              <h1 className={styles.title}>{slide.title}</h1>
              <p className={styles.body}>{slide.body}</p>
            </section>
          </Swiper.Item>
        ))}
      </Swiper>
      <div className={styles.foot}>
        <Button
          variant="primary"
          block
          size="large"
          onClick={() => (last ? finish() : next())}
          data-testid={last ? 'guide-start' : 'guide-next'}
        >
          {last ? t('guide.start') : t('guide.next')}
        </Button>
      </div>
    </main>
  );
}
