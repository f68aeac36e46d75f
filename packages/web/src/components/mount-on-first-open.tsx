import { type ReactNode, Suspense, useState } from 'react';

/**
 * For dialogs loaded with React.lazy: renders nothing until the dialog is first opened,
 * then keeps it mounted so closing still plays Mantine's transition. Keeps dialogs (and
 * the Modal machinery they pull in) out of a page's first download.
 */
export function MountOnFirstOpen({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [requested, setRequested] = useState(opened);
  if (opened && !requested) setRequested(true);
  if (!requested && !opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
