import { afterAll } from 'vitest';
import { setClock } from '../src/lib/clock.js';
import { installCleanupHook } from './cleanup.js';

installCleanupHook();
// Files share a worker's modules (vitest.config: isolate false): a file that pinned the
// clock and failed before restoring it must not leave the next file at that date.
afterAll(() => setClock(null));
