// Our Content-Security-Policy forbids eval (docs/decisions.md "Security headers"). Zod would otherwise probe
// for it with `new Function('')` on the first parse: refused, caught and harmless, but reported as a
// violation. Its interpreted mode (`jitless`) is what it falls back to anyway.
//
// Zod keeps its settings in `globalThis.__zod_globalConfig`, shared by every copy of zod on the page, and adopts
// an object that is already there. Setting it here, before any zod loads, turns the probe off without
// importing zod: the first screen does not parse with zod, so zod stays out of its JavaScript (csp.test.ts
// checks that zod still honours this).
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
