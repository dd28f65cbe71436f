import { Status } from '@polaris/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { mount } from './test-mount.tsx';
import { useTradeStep } from './useTradeStep.ts';

type Input = { amount: string; idempotencyKey: string };

/** A mutation that settles each call the way `outcome` says, synchronously. */
function fakeMutation(outcome: () => { ok: string } | { error: Error }) {
  const mutate = vi.fn(
    (input: Input, options: { onSuccess(result: string, input: Input): void; onError(error: Error): void }) => {
      const result = outcome();
      if ('ok' in result) options.onSuccess(result.ok, input);
      else options.onError(result.error);
    },
  );
  return { mutate, isPending: false } as unknown as UseMutationResult<string, Error, Input> & { mutate: typeof mutate };
}

function harness(mutation: UseMutationResult<string, Error, Input>) {
  const onDone = vi.fn();
  const onRefused = vi.fn();
  const latest: { step?: ReturnType<typeof useTradeStep<Input, string>> } = {};
  function Probe() {
    latest.step = useTradeStep(mutation, { onDone, onRefused });
    return null;
  }
  mount(<Probe />);
  return { onDone, onRefused, step: () => latest.step! };
}

describe('useTradeStep', () => {
  it('sends under the key made at confirmation, then returns to the form with the result', () => {
    const mutation = fakeMutation(() => ({ ok: 'sent' }));
    const { onDone, step } = harness(mutation);
    act(() => step().confirm());
    expect(step().step).toBe('confirm');
    act(() => step().send({ amount: '5' }));
    const sent = mutation.mutate.mock.calls[0]?.[0];
    expect(sent?.idempotencyKey).toMatch(/.+/);
    expect(onDone).toHaveBeenCalledWith('sent', sent);
    expect(step().step).toBe('form');
  });

  it('keeps the prompt open with the server’s words on a wrong transaction password', () => {
    const wrong = new ApiError('quiet', Status.secondFactor, 'Wrong password, 4 tries left');
    const { onRefused, step } = harness(fakeMutation(() => ({ error: wrong })));
    act(() => step().confirm());
    act(() => step().setStep('password'));
    act(() => step().send({ amount: '5' }));
    expect(step().tradeError).toBe('Wrong password, 4 tries left');
    expect(step().step).toBe('password');
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('returns any other refusal to the form', () => {
    const refused = new ApiError('business', 500, 'No');
    const { onRefused, step } = harness(fakeMutation(() => ({ error: refused })));
    act(() => step().setStep('password'));
    act(() => step().send({ amount: '5' }));
    expect(step().step).toBe('form');
    expect(onRefused).toHaveBeenCalledWith(refused);
  });
});
