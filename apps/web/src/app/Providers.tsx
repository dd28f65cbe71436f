import type { Language } from '@polaris/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { ReactNode } from 'react';
import { useSettings } from '@/lib/settings.ts';
import { queryClient } from './query-client.ts';

const ANTD_LOCALE: Record<Language, typeof enUS> = { en: enUS, 'zh-Hans': zhCN, 'zh-Hant': zhTW };

export function Providers({ children }: { children: ReactNode }) {
  const language = useSettings((state) => state.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALE[language]}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
