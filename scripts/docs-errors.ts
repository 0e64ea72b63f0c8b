// `npm run docs:errors`: write docs/errors.md from the rule registry (pipeline/rules.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorsDoc } from '../pipeline/rules-doc.ts';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'errors.md');
writeFileSync(file, errorsDoc());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
