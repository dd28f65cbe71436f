import { describe, expect, it, vi } from 'vitest';

describe('zod under our Content-Security-Policy', () => {
  it('runs interpreted (no eval probe) when csp.ts ran before zod loaded', async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import('./csp.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, 'Function');
    expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});
