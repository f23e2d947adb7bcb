// Our CSP allows no eval. Zod compiles fast object parsers with `new Function` when it can, and
// finds out whether it can by trying: the refused try is reported as a CSP violation in the
// browser's issues (and costs best-practices points in Lighthouse). Without it, zod parses the
// same way it does wherever eval is refused. Imported first by main.tsx, before any schema exists.
//
// Set through the global zod reads its configuration from (zod/v4/core/core.js), not zod's
// `config()`: importing that put 4 KB of zod into the code every page loads first. The test
// beside this file checks that zod still takes its configuration from there.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
