// Worker threads start without the tsx loader the CLI registered: register it
// here (with the project's tsconfig, whatever the working folder), then load the
// TypeScript entry named in workerData.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import(workerData.entry);
