// The public surface of features/timer (decision 0830): what other features use of it. They
// import it from here, never from a file inside the folder.
export { useForgetTimer, useStartTimer, useTimer } from './api';
export { CustomerTimerButtons } from './customer-timer-buttons';
export { type NewTimeEntryRequest, onNewTimeEntry, openNewTimeEntry } from './events';
export { TimerControl } from './timer-control';
