import { z } from 'zod';

// Our Content-Security-Policy forbids eval (docs/decisions.md "Security headers"). Zod would otherwise probe
// for it with `new Function('')` on the first parse: refused, caught and harmless, but reported as a
// violation. Its interpreted mode is what it falls back to anyway.
z.config({ jitless: true });
