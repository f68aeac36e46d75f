import { installCleanupHook } from './cleanup.js';

installCleanupHook();
