import { useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';

/**
 * SPEC §2 back from manage pages: the share page and the receive page go back to the red envelope index, not to
 * the form or the envelope they came from (which would offer to send or open the same packet again).
 */
export function useRedEnvelopeBack(): () => void {
  const navigate = useNavigate();
  return () => navigate(PATHS.redEnvelope, { replace: true });
}
