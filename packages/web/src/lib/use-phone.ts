import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is phone-sized (UI.md's 48em breakpoint). Known from the first
 * render: Mantine's default answers `false` first and corrects itself in an effect, which
 * renders every phone screen twice, first in the desktop layout (decision 0412).
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
}
