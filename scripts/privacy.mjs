// `npm run privacy -- export|erase|exchange <e-mail>`, `… retention|periods|check`: see
// scripts/lib/privacy.mjs and docs/contact-pipeline.md (« Personal data »).
import { privacy } from './lib/privacy.mjs';

process.exitCode = await privacy({ args: process.argv.slice(2), env: process.env });
