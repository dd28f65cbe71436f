import { copyWithToast } from '@/components/RecordItem.tsx';
import { shareNatively } from '@/lib/native.ts';

/**
 * Shares an activity's link: the app's native share, else Web Share, else (or when sharing fails) the link is
 * copied with a toast naming `label`. Cancelling the share sheet does nothing.
 */
export async function shareActivity(link: { title: string; text: string; url: string }, label: string): Promise<void> {
  if (await shareNatively(link)) return;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(link);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyWithToast(link.url, label);
}
