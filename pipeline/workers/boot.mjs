// Worker threads started from source (tests, PAYDOCS_FROM_SOURCE) have no loader for
// TypeScript: register tsx here (with the project's tsconfig, whatever the working
// folder), then hand piscina the TypeScript worker's task function.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
const worker = await import('./worker.ts');
export default worker.default;
