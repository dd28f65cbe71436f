import { PullToRefresh } from 'antd-mobile';
import { AddCircleOutline, StarOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { bountyKeys } from '@/api/bounty.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { BountyList } from '@/components/bounty/BountyList.tsx';
import styles from '@/components/bounty/bounty.module.css';
import { CategoryChips } from '@/components/bounty/CategoryChips.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { SearchField } from '@/components/SearchField.tsx';
import ui from '@/components/ui.module.css';

/** /pages/bounty/index — the bounty home: search, categories, open bounties, and the ways to create and to mine. */
export default function BountyHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = [
    { id: 'create', icon: <AddCircleOutline />, label: t('bounty.home.create'), to: PATHS.bountyCreate },
    { id: 'list', icon: <UnorderedListOutline />, label: t('bounty.home.browse'), to: PATHS.bountyList },
    { id: 'mine', icon: <UserOutline />, label: t('bounty.home.mine'), to: PATHS.bountyMine },
  ];
  return (
    <Frame title={t('bounty.home.title')}>
      <Refreshable pull={PullToRefresh} refresh={[bountyKeys.all]}>
        <section className={styles.hero} data-testid="bounty-hero">
          <h2 className={styles.heroTitle}>
            <StarOutline aria-hidden /> {t('bounty.home.heroTitle')}
          </h2>
          <p className={styles.heroText}>{t('bounty.home.heroText')}</p>
          <Button
            size="small"
            style={{
              '--background-color': 'var(--px-gold)',
              '--border-color': 'var(--px-gold)',
              '--text-color': 'var(--px-ink)',
            }}
            onClick={() => navigate(PATHS.bountyCreate)}
            data-testid="bounty-hero-create"
          >
            {t('bounty.home.postOne')}
          </Button>
        </section>
        <div className={styles.search}>
          <SearchField
            placeholder={t('bounty.list.search')}
            onSearch={(q) => navigate(href(PATHS.bountyList, { q: q.trim() || undefined }))}
            data-testid="bounty-search"
          />
        </div>
        <CategoryChips value={undefined} onChange={(category) => navigate(href(PATHS.bountyList, { category }))} />
        <nav className={styles.entries} aria-label={t('bounty.home.title')}>
          {entries.map((entry) => (
            <button
              key={entry.id}
              type="button"
              className={styles.entry}
              onClick={() => navigate(entry.to)}
              data-testid={`bounty-entry-${entry.id}`}
            >
              <span className={styles.entryIcon} aria-hidden>
                {entry.icon}
              </span>
              {entry.label}
            </button>
          ))}
        </nav>
        <section className={ui.section} aria-labelledby="bounty-featured-title">
          <div className={ui.sectionHead}>
            <h2 className={ui.sectionTitle} id="bounty-featured-title">
              {t('bounty.home.featured')}
            </h2>
            <button type="button" className={ui.sectionLink} onClick={() => navigate(PATHS.bountyList)}>
              {t('bounty.home.seeAll')}
            </button>
          </div>
          <FeaturedList />
        </section>
      </Refreshable>
    </Frame>
  );
}

function FeaturedList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <BountyList
      filter={{ state: 'open' }}
      limit={6}
      testId="bounty-featured"
      empty={{
        title: t('bounty.home.emptyTitle'),
        body: t('bounty.home.emptyBody'),
        action: (
          <Button variant="primary" onClick={() => navigate(PATHS.bountyCreate)}>
            {t('bounty.home.postOne')}
          </Button>
        ),
      }}
    />
  );
}
