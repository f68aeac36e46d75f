import { notifications } from '@mantine/notifications';

/** Success toast, gone after 3 s (SPEC §9). */
export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 3000 });
}

export function notifyError(message: string) {
  notifications.show({ color: 'red', message, autoClose: 5000 });
}

/**
 * Copies text; success toast for 2 s. Without the Clipboard API a confirm dialog shows
 * the text to copy by hand (SPEC §8 fallback); else the error toast.
 */
export async function copyToClipboard(text: string, successMessage: string, failureMessage: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifications.show({ color: 'teal', message: successMessage, autoClose: 2000 });
    return true;
  } catch {
    if (window.confirm(`Bitte kopieren Sie den Text manuell:\n\n${text}`)) return false;
    notifications.show({ color: 'red', message: failureMessage, autoClose: 3000 });
    return false;
  }
}
