import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '@/lib/wallet.ts';
import { tradeErrorOf, tradePasswordMissing } from './trade-errors.ts';

/**
 * A form that is checked, confirmed, then sent with the transaction password (a bounty, a red packet): the step it
 * is at, one idempotency key per confirmation, a wrong password said in the prompt, a missing one offered to set
 * (the prompt stays open), and any other refusal back on the form for `onRefused`.
 */
export function useTradeStep<Input extends { idempotencyKey: string }, Result>(
  mutation: UseMutationResult<Result, Error, Input>,
  { onDone, onRefused }: { onDone(result: Result, input: Input): void; onRefused(error: Error): void },
) {
  const [step, setStep] = useState<'form' | 'confirm' | 'password'>('form');
  const [tradeError, setTradeError] = useState<string>();
  const idempotencyKey = useRef('');
  return {
    step,
    setStep,
    pending: mutation.isPending,
    tradeError,
    clearTradeError: () => setTradeError(undefined),
    /** The form passed its checks: confirm what will be sent, under a key of its own. */
    confirm() {
      idempotencyKey.current = newIdempotencyKey();
      setStep('confirm');
    },
    send(input: Omit<Input, 'idempotencyKey'>) {
      if (mutation.isPending) return;
      setTradeError(undefined);
      mutation.mutate({ ...input, idempotencyKey: idempotencyKey.current } as Input, {
        onSuccess: (result, sent) => {
          setStep('form');
          onDone(result, sent);
        },
        onError: (error) => {
          const trade = tradeErrorOf(error);
          if (trade?.kind === 'wrong') return setTradeError(trade.message);
          if (trade?.kind === 'notSet') return tradePasswordMissing();
          setStep('form');
          onRefused(error);
        },
      });
    },
  };
}
