import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { apiDownload, buildUrl, errorText, type RequestOptions } from '../lib/api-client';
import { notifyError } from '../lib/notify';
import { saveBlob } from '../lib/save-blob';

/**
 * "Exportieren" with CSV (Austrian Excel: semicolons, BOM, decimal comma) and XLSX; the
 * list's current filters go along, so the file holds what the screen shows (decision 0422).
 */
export function ExportMenu({
  path,
  query,
  filename,
  label = 'Exportieren',
}: {
  /** Without extension, e.g. `/api/exports/invoices`. */
  path: string;
  query?: RequestOptions['query'];
  /** Without extension. */
  filename: string;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      saveBlob(await apiDownload(buildUrl(`${path}.${format}`, query)), `${filename}.${format}`);
    } catch (cause) {
      notifyError(errorText(cause, 'Fehler beim Exportieren'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('csv')}>CSV für Excel (.csv)</Menu.Item>
        <Menu.Item onClick={() => void download('xlsx')}>Excel-Arbeitsmappe (.xlsx)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
