import '@butler/contract/zod-german';
import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de-at';
import type { ReactNode } from 'react';

/**
 * Loaded lazily around every back-office page: German date pickers (Monday first) and
 * German zod messages. Keeps both out of the customer lounge's initial JavaScript.
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'de-at', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
