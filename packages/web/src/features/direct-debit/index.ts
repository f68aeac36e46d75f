// The public surface of features/direct-debit (decision 0830): what other features use of
// it. They import it from here, never from a file inside the folder.
export { DirectDebitSettingsCard } from './components/direct-debit-settings-card';
export { MandatesCard } from './components/mandates-card';
