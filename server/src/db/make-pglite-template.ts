// `npm run build -w server` runs the built copy of this file (dist/make-pglite-template.js): it
// makes the migrated, empty PGlite cluster that a first start copies (pglite-template.ts). The
// server suites' set-up runs it through tsx when no build made one yet, naming server/dist.
import { buildPgliteTemplate } from './build-pglite-template.ts';

await buildPgliteTemplate(process.argv[2] ?? import.meta.dirname);
