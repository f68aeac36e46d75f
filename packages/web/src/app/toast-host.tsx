import { Notifications } from '@mantine/notifications';
import { usePhone } from '../lib/use-phone';

/**
 * Where toasts appear (UI.md: bottom-right on desktop, top on phones). Loaded once the
 * first screen is in (decision 0415): the toast store lives in the main bundle, so toasts raised before this
 * host arrives are shown as soon as it mounts.
 */
export function ToastHost() {
  const phone = usePhone();
  return <Notifications position={phone ? 'top-center' : 'bottom-right'} autoClose={3000} zIndex={1000} />;
}
