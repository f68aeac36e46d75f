// The public surface of features/time-entries (decision 0830): what other features use of
// it. They import it from here, never from a file inside the folder.
export { useDeleteTimeEntry, useTimeEntries } from './api/time-entries';
export { TimeEntryFormDialog } from './components/time-entry-form-dialog';
export type { TimeEntryPrefill } from './components/time-entry-rules';
