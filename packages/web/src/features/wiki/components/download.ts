import { apiDownload, errorText } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';

/** A wiki file under its original name (the bytes need the bearer token, see saveBlob). */
export async function downloadWikiFile(url: string, filename: string) {
  try {
    saveBlob(await apiDownload(url), filename);
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
  return `${base.slice(0, Math.max(3, max - extension.length - 1))}...${extension}`;
}
