/**
 * Saves bytes under `filename`. Downloads need the bearer token, so a plain link cannot be
 * used: the bytes are fetched first and saved through a temporary object URL (CSP-safe).
 */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser needs the URL until the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
