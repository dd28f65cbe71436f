import type { ChatRoom } from '@polaris/contract';
import { describe, expect, it, vi } from 'vitest';
import { mountScreen } from '@/components/test-mount.tsx';
import { ImpersonationWarning } from './ImpersonationWarning.tsx';

// The words are the catalogue's; what is checked here is what the sentence is told (the admin and the room).
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, params?: Record<string, string>) => `${key} ${params?.admin ?? ''} / ${params?.room ?? ''}`,
  }),
}));

const direct = (impersonation: ChatRoom['impersonation']) =>
  ({ kind: 'direct', peer: { uid: '10000009', name: 'M0derator Ann', avatar: null }, impersonation }) as ChatRoom;

describe('the warning above a direct chat from someone posing as an admin', () => {
  it('names the room and the admin the name passes for, as an alert', async () => {
    const container = await mountScreen(
      <ImpersonationWarning room={direct({ roomId: '7', roomName: '<b>Builders</b>', adminName: 'Moderator Ann' })} />,
    );
    const alert = container.querySelector('[data-testid="chat-impersonation-warning"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toBe('chatGuard.impersonation Moderator Ann / <b>Builders</b>');
    // The room's name is someone's text: shown as text, never as markup.
    expect(alert?.textContent).toContain('<b>Builders</b>');
    expect(alert?.querySelector('b')).toBeNull();
  });

  it('shows nothing without a warning', async () => {
    const container = await mountScreen(<ImpersonationWarning room={direct(null)} />);
    expect(container.querySelector('[data-testid="chat-impersonation-warning"]')).toBeNull();
  });
});
