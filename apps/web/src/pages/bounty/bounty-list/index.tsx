import { PullToRefresh } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { bountyKeys } from '@/api/bounty.ts';
import { Frame } from '@/app/Frame.tsx';
import { BountyList } from '@/components/bounty/BountyList.tsx';
import { CategoryChips, isBountyCategory } from '@/components/bounty/CategoryChips.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { SearchField } from '@/components/SearchField.tsx';
import ui from '@/components/ui.module.css';
import { useDebounced } from '@/lib/useDebounced.ts';

/** /pages/bounty/bounty-list/index — browse by category (`?category=`) and search (`?q=`); open ones or all. */
export default function BountyListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawCategory = params.get('category');
  const category = isBountyCategory(rawCategory) ? rawCategory : undefined;
  const state = params.get('state') === 'all' ? 'all' : 'open';
  // The search goes into the query string as typed, so back and share land on the same list. It is written on each
  // key, never from a timer: a debounced write that fired after a tap on a result (while the detail page's code was
  // still loading, the list still mounted) navigated back to the list. The field keeps its own state, since the
  // router applies a navigation as a transition, which a controlled input must not wait for.
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const q = useDebounced(typed.trim(), 400);
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <Frame title={category ? t(`bounty.category.${category}`) : t('bounty.list.title')}>
      <SearchField
        placeholder={t('bounty.list.search')}
        value={typed}
        onChange={(value) => {
          setTyped(value);
          set('q', value.trim());
        }}
        onClear={() => {
          setTyped('');
          set('q', undefined);
        }}
        data-testid="bounty-list-search"
      />
      <CategoryChips value={category} onChange={(value) => set('category', value)} />
      <div className={ui.chipRow} style={{ marginTop: 4 }}>
        {(['open', 'all'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={ui.chip}
            aria-pressed={state === value}
            onClick={() => set('state', value === 'open' ? undefined : value)}
            data-testid={`bounty-state-${value}`}
          >
            {t(`bounty.list.state.${value}`)}
          </button>
        ))}
      </div>
      <div style={{ marginTop: 8 }}>
        <Refreshable pull={PullToRefresh} refresh={[bountyKeys.all]}>
          <BountyList
            filter={{ q: q || undefined, category, state }}
            empty={q ? { title: t('bounty.list.noMatchTitle'), body: t('bounty.list.noMatchBody', { q }) } : undefined}
          />
        </Refreshable>
      </div>
    </Frame>
  );
}
