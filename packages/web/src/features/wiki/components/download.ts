import { apiDownload, errorText } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

/**
 * Downloads need the bearer token, so a plain link cannot be used: fetch the bytes and
 * save them under the original name through a temporary object URL.
 */
export async function downloadWikiFile(url: string, filename: string) {
  try {
    const blob = await apiDownload(url);
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (error) {
    notifyError(errorText(error, 'Fehler beim Herunterladen der Datei'));
  }
}

/** 'Rechnung_Wohnung_2026.pdf' → 'Rechnung_Wo….pdf' (SPEC §9: names shortened; extension kept). */
export function shortenFilename(name: string, max: number) {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  const base = extension ? name.slice(0, dot) : name;
  return `${base.slice(0, Math.max(3, max - extension.length - 1))}…${extension}`;
}
