/**
 * A period handed to the tax adviser (decision 0820): `2026-11`, `2026-Q4` or a fiscal year.
 * The rule lives in the contract, so the Buchhaltung screen knows a period's months and end
 * (whether it may be closed yet) as the server does.
 */
export { type HandoverPeriod, handoverPeriod } from '@butler/contract/accounting-handover';
