/** The Protokoll's German words come from the contract, so the CSV download says the same. */
export { ACTION_LABELS, actionLabel, ENTITY_LABELS, entityLabel } from '@butler/contract/audit-labels';
