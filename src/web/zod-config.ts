import { config } from 'zod';

// Our CSP allows no eval. Zod compiles fast object parsers with `new Function` when it can, and
// finds out whether it can by trying: the refused try is reported as a CSP violation in the
// browser's issues (and costs best-practices points in Lighthouse). Without it, zod parses the
// same way it does wherever eval is refused. Imported first by main.tsx, before any schema exists.
config({ jitless: true });
