import type { Band } from '@butler/contract/workload';

/** Band → Mantine colour (UI.md: green / amber / red). */
export const BAND_COLOR: Record<Band, string> = { green: 'teal', yellow: 'yellow', red: 'red' };
