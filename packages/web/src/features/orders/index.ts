// The public surface of features/orders (decision 0830): what other features use of it.
// They import it from here, never from a file inside the folder. The customer page's tab
// and the lounge's card come as loaders, so each stays a script of its own (decision 0810).
export { OrderSelect } from './components/order-select';
export { loadLoungeOrdersCard } from './lounge/load-lounge-orders-card';
export { loungeOrdersQuery } from './lounge/lounge-orders-query';
export { loadCustomerOrdersTab } from './staff/load-customer-orders-tab';
export { OrdersTile } from './staff/orders-tile';
