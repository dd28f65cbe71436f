import { LANGUAGE_LOCALE, userApi } from '@polaris/contract';
import { api } from '@/api/request.ts';
import { socketUrl as chatSocketUrl } from '@/lib/api-origin.ts';
import { isLeaving } from '@/lib/auth-session.ts';
import { ChatSocket } from '@/lib/chat-socket.ts';
import { sessionStore } from '@/lib/session.ts';
import { settingsStore } from '@/lib/settings.ts';

/**
 * The app's one chat socket, tied to the session, the language and the device's network. The token travels in
 * the URL because a browser cannot set headers on a WebSocket (docs/chat.md); the locale too, so the server's
 * error frames come in the user's language.
 */
let instance: ChatSocket | null = null;

function socketUrl(): string | null {
  const token = sessionStore.getState().token;
  if (!token) return null;
  return chatSocketUrl(new URLSearchParams({ token, locale: LANGUAGE_LOCALE[settingsStore.getState().language] }));
}

export function chatSocket(): ChatSocket {
  if (instance) return instance;
  const socket = new ChatSocket({
    url: socketUrl,
    online: () => navigator.onLine,
    // The server ended the session (logout elsewhere, password changed, account deleted…): one authenticated call
    // answers 9999, and the request layer's session-invalid handling signs out and offers to log in again.
    // Not when the user is logging out here (the close is their own logout), nor once the session is gone locally.
    sessionEnded: () => {
      if (isLeaving() || !sessionStore.getState().token) return;
      api.call(userApi.info).catch(() => {});
    },
  });
  window.addEventListener('online', () => socket.wake());
  window.addEventListener('offline', () => socket.sleep());
  // A phone that slept may hold a socket that died meanwhile: check it as soon as the page is looked at again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') socket.wake();
  });
  let token = sessionStore.getState().token;
  sessionStore.subscribe((state) => {
    if (state.token === token) return;
    token = state.token;
    // Another account's rooms and unsent messages must not survive a logout or a new login.
    socket.reset();
  });
  let language = settingsStore.getState().language;
  settingsStore.subscribe((state) => {
    if (state.language === language) return;
    language = state.language;
    socket.sleep();
    socket.wake();
  });
  instance = socket;
  return socket;
}
