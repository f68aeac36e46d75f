// The public surface of features/visits (decision 0830): what other features use of it.
// The Termine page itself is loaded by the route table (app/router.tsx).
export { CustomerVisitsCard } from './staff/customer-visits-card';
