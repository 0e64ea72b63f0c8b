// Worker threads start without the tsx loader the CLI registered: register it
// here, then load the TypeScript entry named in workerData.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
