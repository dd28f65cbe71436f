import { activityApi, FILE_PATHS } from '@polaris/contract';
import { saveFile } from '@/lib/save-file.ts';
import { api } from './request.ts';

/**
 * The confirmed ticket as an Apple Wallet pass (a raw route that needs the session token, which travels only in a
 * header), handed to the browser as a file: Safari on an iPhone opens it in Wallet.
 */
export async function downloadApplePass(activityId: string): Promise<void> {
  const file = await api.download(FILE_PATHS.applePass, 'application/vnd.apple.pkpass', { params: { activityId } });
  saveFile(file.blob, file.filename ?? 'ticket.pkpass');
}

/** The ticket's "save to Google Wallet" link, made (and signed) by the server when asked. */
export async function googleWalletLink(activityId: string): Promise<string> {
  return (await api.call(activityApi.ticketGoogleWallet, { activityId })).url;
}
