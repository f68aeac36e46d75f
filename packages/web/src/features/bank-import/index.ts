// The public surface of features/bank-import (decision 0830): what other features use of
// it. They import it from here, never from a file inside the folder.
export { CustomerPaymentsCard } from './components/customer-payments-card';
