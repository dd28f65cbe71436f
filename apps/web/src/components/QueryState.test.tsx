import { Status } from '@polaris/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { QueryView } from './QueryState.tsx';
import { mount } from './test-mount.tsx';

const query = (state: Partial<UseQueryResult<string, Error>>) =>
  ({ isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn(), ...state }) as UseQueryResult<
    string,
    Error
  >;

const notFound = { field: 'id', view: <p data-testid="gone">gone</p> };

function view(state: Partial<UseQueryResult<string, Error>>, missing = false) {
  return mount(
    <QueryView query={query(state)} notFound={{ ...notFound, missing }} loadingTestId="loading" errorTestId="failed">
      {(data) => <p data-testid="content">{data}</p>}
    </QueryView>,
  );
}

describe('QueryView', () => {
  it('shows the loading line, then the content with the data', () => {
    expect(view({ isPending: true }).querySelector('[data-testid="loading"]')).not.toBeNull();
    expect(view({ data: 'Bounty 7' }).querySelector('[data-testid="content"]')?.textContent).toBe('Bounty 7');
  });

  it('shows the page’s not-found for a malformed id, a 404, or a refused id field, before anything else', () => {
    expect(view({ isPending: true }, true).querySelector('[data-testid="gone"]')).not.toBeNull();
    const missing = new ApiError('quiet', Status.notFound, 'not found');
    expect(view({ isError: true, error: missing }).querySelector('[data-testid="gone"]')).not.toBeNull();
    const refused = new ApiError('invalid', 400, 'bad id', null, [{ field: 'id', message: 'bad id' }]);
    expect(view({ isError: true, error: refused }).querySelector('[data-testid="gone"]')).not.toBeNull();
  });

  it('shows any other failure with its message and a retry', () => {
    const failed = view({ isError: true, error: new ApiError('http', 500, 'Server trouble') });
    expect(failed.querySelector('[data-testid="failed"]')?.textContent).toContain('Server trouble');
    expect(failed.querySelector('[data-testid="gone"]')).toBeNull();
  });
});
