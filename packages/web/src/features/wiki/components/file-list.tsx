import type { WikiFile } from '@butler/contract/wiki';
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteFile } from '../api/wiki';
import { downloadWikiFile, shortenFilename } from './download';

/** Files of an entry: icon, shortened name, size, download (and delete for admins' edit views). */
export function FileList({ files, deletable = false }: { files: WikiFile[]; deletable?: boolean }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [toDelete, setToDelete] = useState<WikiFile | null>(null);
  const remove = useDeleteFile();
  if (files.length === 0) return null;
  return (
    <Stack gap={4} data-testid="wiki-files">
      {files.map((file) => {
        const short = shortenFilename(file.original_filename, phone ? 16 : 28);
        return (
          <Group key={file.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text aria-hidden span>
                {file.file_icon}
              </Text>
              <Tooltip label={file.original_filename} openDelay={400} disabled={short === file.original_filename}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => downloadWikiFile(file.download_url, file.original_filename)}
                  aria-label={`${file.original_filename} herunterladen`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {short}
                </Anchor>
              </Tooltip>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {file.file_size_formatted}
              </Text>
            </Group>
            {deletable && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${file.original_filename} löschen`}
                onClick={() => setToDelete(file)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Datei löschen"
        message={`Sind Sie sicher, dass Sie die Datei "${toDelete?.original_filename ?? ''}" löschen möchten? Sie wird endgültig entfernt.`}
        errorFallback="Fehler beim Löschen der Datei"
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          notifySuccess('Datei erfolgreich gelöscht');
        }}
      />
    </Stack>
  );
}
