import { BOUNTY_CATEGORIES } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import type { BountyCategory } from '@/api/bounty.ts';
import ui from '@/components/ui.module.css';

export const isBountyCategory = (value: string | null): value is BountyCategory =>
  (BOUNTY_CATEGORIES as readonly string[]).includes(value ?? '');

/** "All" and the six categories as one scrolling row of chips. */
export function CategoryChips({
  value,
  onChange,
}: {
  value: BountyCategory | undefined;
  onChange(category: BountyCategory | undefined): void;
}) {
  const { t } = useTranslation();
  const chip = (category: BountyCategory | undefined, label: string) => {
    const on = value === category;
    return (
      <button
        key={category ?? 'all'}
        type="button"
        className={ui.chip}
        aria-pressed={on}
        onClick={() => onChange(category)}
        data-testid={`bounty-category-${category ?? 'all'}`}
      >
        {label}
      </button>
    );
  };
  return (
    <fieldset className={ui.chipRow}>
      <legend className="px-visually-hidden">{t('bounty.fields.category')}</legend>
      {chip(undefined, t('bounty.category.all'))}
      {BOUNTY_CATEGORIES.map((category) => chip(category, t(`bounty.category.${category}`)))}
    </fieldset>
  );
}
