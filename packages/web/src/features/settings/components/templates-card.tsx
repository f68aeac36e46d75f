import type { SubscriptionTemplate } from '@butler/contract/subscription-templates';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPackage, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteTemplate, useTemplateList } from '../api/templates';
import { TemplateDialog } from './template-dialog';

function Actions({ t, onEdit, onDelete }: { t: SubscriptionTemplate; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Bearbeiten" withArrow>
        <ActionIcon variant="subtle" aria-label={`Vorlage ${t.name} bearbeiten`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Löschen" withArrow>
        <ActionIcon variant="subtle" color="red" aria-label={`Vorlage ${t.name} löschen`} onClick={onDelete}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** ButlerPaket templates: list, create, edit, delete with SPEC §8 toasts. */
export function TemplatesCard() {
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useTemplateList();
  const remove = useDeleteTemplate();
  const [dialog, setDialog] = useState<{ template: SubscriptionTemplate | null } | null>(null);
  // ?vorlage=neu (from "Neues ButlerPaket" without templates, or the first-day checklist) opens the new-template dialog.
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('vorlage') !== 'neu') return;
    setDialog({ template: null });
    setParams(
      (p) => {
        p.delete('vorlage');
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);
  const [deleting, setDeleting] = useState<SubscriptionTemplate | null>(null);
  const trips = (t: SubscriptionTemplate) => (t.monthly_trips ?? '–').toString();

  let body: React.ReactNode;
  if (query.isPending) body = <PageLoader text="Lade Vorlagen..." />;
  else if (query.isError)
    body = <ErrorState text="Fehler beim Laden der ButlerPaket-Vorlage" onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState text="Noch keine ButlerPaket-Vorlagen angelegt." />;
  else if (phone)
    body = (
      <Stack gap="xs">
        {query.data.map((t) => (
          <Card key={t.id} padding="sm" shadow="none">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>{t.name}</Text>
                <Text size="sm" c="dimmed">
                  {t.duration_months} Monate · {formatEuro(t.price_per_hour)}/h · Fahrten: {trips(t)}
                  {t.offered_in_lounge ? '' : ' · nicht in der Lounge'}
                </Text>
              </Stack>
              <Actions t={t} onEdit={() => setDialog({ template: t })} onDelete={() => setDeleting(t)} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  else
    body = (
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Laufzeit</Table.Th>
            <Table.Th>Preis pro Stunde</Table.Th>
            <Table.Th>Fahrten/Monat</Table.Th>
            <Table.Th ta="right">Aktionen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td fw={600}>
                {t.name}
                {!t.offered_in_lounge && (
                  <Text span size="xs" c="dimmed" fw={400}>
                    {' '}
                    (nicht in der Lounge)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t.duration_months} Monate</Table.Td>
              <Table.Td>{formatEuro(t.price_per_hour)}</Table.Td>
              <Table.Td>{trips(t)}</Table.Td>
              <Table.Td>
                <Actions t={t} onEdit={() => setDialog({ template: t })} onDelete={() => setDeleting(t)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Card>
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="xs">
          <IconPackage size={22} color="var(--mantine-color-blue-6)" aria-hidden />
          <Title order={2} size="h4">
            ButlerPaket-Vorlagen
          </Title>
        </Group>
        <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setDialog({ template: null })}>
          Neue Vorlage
        </Button>
      </Group>
      {body}
      <TemplateDialog opened={dialog !== null} template={dialog?.template ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="ButlerPaket-Vorlage löschen"
        message={`Sind Sie sicher, dass Sie die Vorlage „${deleting?.name}“ löschen möchten? Bereits verkaufte ButlerPakete bleiben mit ihrem Namen und Preis erhalten.`}
        errorFallback="Fehler beim Löschen der ButlerPaket-Vorlage"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
          } catch (cause) {
            notifyError(errorText(cause, 'Fehler beim Löschen der ButlerPaket-Vorlage'));
            throw cause;
          }
          notifySuccess('ButlerPaket-Vorlage erfolgreich gelöscht');
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
