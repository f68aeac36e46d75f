/**
 * The requests a returning visitor's first screen waits for: the check of the stored session
 * and, on the lounge, the lounge's data. A build entry of its own with only these few small
 * modules, which the lounge's page loads `async` ahead of the app script, so both requests go
 * out while the app's scripts are still on their way (decision 0415). The app script makes
 * the same two calls (its other pages, the dev server); they share these modules and send
 * nothing twice.
 */
import { requestLoungeData } from './lounge-data-request';
import { startSessionCheck } from './session-check';

startSessionCheck();
requestLoungeData();
