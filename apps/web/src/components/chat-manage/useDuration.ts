import { useTranslation } from 'react-i18next';
import { durationParts } from './rules.ts';

/** A number of seconds as the user reads it: "Off", "30 s", "5 min", "1 h". */
export function useDuration(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => {
    const { unit, count } = durationParts(seconds);
    return t(`chatManage.slow.${unit}`, { count });
  };
}
