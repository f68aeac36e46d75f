import '@butler/contract/zod-german';
import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de-at';
import type { ReactNode } from 'react';
import { DisplayNamePrompt } from '../features/account/components/display-name-prompt';
import { GeneratedPasswordPrompt } from '../features/account/components/generated-password-prompt';

/**
 * Loaded lazily around every back-office page: German date pickers (Monday first) and
 * German zod messages. Keeps both out of the customer lounge's initial JavaScript.
 */
export function AdminFrame({ children, askForName = false }: { children: ReactNode; askForName?: boolean }) {
  return (
    <DatesProvider settings={{ locale: 'de-at', firstDayOfWeek: 1 }}>
      {children}
      {/* Once per page (the top bar's time tools have a frame of their own): decision 0622. */}
      {askForName && <DisplayNamePrompt />}
      {/* After the name: the first start's generated password, offered to be changed (decision 0756). */}
      {askForName && <GeneratedPasswordPrompt />}
    </DatesProvider>
  );
}
