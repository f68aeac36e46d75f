import { Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteLogo, useUploadLogo } from '../api/catalog';
import { quickbillKeys } from '../api/keys';
import { reportFailure } from './invoice-row-menu';

/** Letterhead logo (PNG or JPEG, up to 512 KB): preview, upload, remove. */
export function LogoCard({ hasLogo }: { hasLogo: boolean }) {
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const logo = useQuery({
    queryKey: [...quickbillKeys.settings, 'logo', hasLogo],
    queryFn: () => apiDownload('/api/quickbill/settings/logo'),
    enabled: hasLogo,
  });
  const url = useMemo(() => (hasLogo && logo.data ? URL.createObjectURL(logo.data) : null), [hasLogo, logo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  return (
    <Card>
      <Title order={2} size="h4" mb="xs">
        Logo
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Erscheint im Briefkopf jeder neuen Rechnung. PNG oder JPEG, höchstens 512 KB.
      </Text>
      <Group gap="lg" align="center">
        <Stack
          w={200}
          h={90}
          justify="center"
          align="center"
          style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 8 }}
        >
          {url ? (
            <Image src={url} alt="Aktuelles Logo" mah={80} maw={180} fit="contain" />
          ) : (
            <Group gap={6} c="dimmed">
              <IconPhoto size={18} aria-hidden />
              <Text size="sm">Kein Logo</Text>
            </Group>
          )}
        </Stack>
        <Group gap="xs">
          <FileButton
            accept="image/png,image/jpeg"
            onChange={(file) =>
              file &&
              upload.mutate(file, {
                onSuccess: () => notifySuccess('Logo gespeichert'),
                onError: (e) => reportFailure('Logo konnte nicht gespeichert werden', e),
              })
            }
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} disabled={upload.isPending}>
                {upload.isPending ? 'Wird hochgeladen...' : hasLogo ? 'Logo ersetzen' : 'Logo hochladen'}
              </Button>
            )}
          </FileButton>
          {hasLogo && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notifySuccess('Logo entfernt'),
                  onError: (e) => reportFailure('Logo konnte nicht entfernt werden', e),
                })
              }
            >
              Entfernen
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
