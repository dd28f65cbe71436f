import { VCODE_RESEND_SECONDS } from '@polaris/contract';

/** Seconds until another code may go to the address that was last sent one at `last` (SPEC §5); 0 when it may now. */
export function resendWaitSeconds(last: Date | undefined, now: Date): number {
  const waitMs = last ? last.getTime() + VCODE_RESEND_SECONDS * 1000 - now.getTime() : 0;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}
