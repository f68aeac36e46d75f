const dateTime = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `22.11.2026, 14:05` in Vienna time. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
