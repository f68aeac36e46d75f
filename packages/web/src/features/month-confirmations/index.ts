// The public surface of features/month-confirmations (decision 0830): what other features use
// of it. The lounge's card comes as a loader (a script of its own after the first paint); the
// lounge's month page is loaded by the route table (app/router.tsx).
export { useRefreshMonths } from './api/month-confirmations';
export { loadLoungeMonthCard } from './lounge/load-lounge-month-card';
export { CustomerMonthsCard } from './staff/customer-months-card';
export { CustomerOpenQuestionsNote } from './staff/customer-open-questions-note';
export { MonthSettingsCard } from './staff/month-settings-card';
export { OpenQuestionsCard } from './staff/open-questions-card';
