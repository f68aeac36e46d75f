import { useHotkeys } from '@mantine/hooks';
import { openNewTimeEntry } from './events';

/**
 * Alt+N opens "Neuer Zeiteintrag" (decision 0643). Part of the top bar's first chunk, so the key
 * works from the first screen on; the dialog itself loads with the staff tools and opens
 * when they are there (events.ts). Physical key N with Alt: the same on every keyboard
 * layout and on a Mac's Option key.
 */
export function TimeEntryHotkey() {
  useHotkeys([['alt+N', () => openNewTimeEntry(), { usePhysicalKeys: true }]], []);
  return null;
}
