import type { Project } from '@butler/contract/projects';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../../../components/states';
import { notifySuccess } from '../../../../lib/notify';
import { ALL_PAGE_SIZE } from '../../api/keys';
import { useDeleteProject, useProjects } from '../../api/projects';
import { ProjectFormDialog } from '../panels/project-form-dialog';
import { RowActions } from '../row-actions';
import { useProjectActions } from '../row-rights';
import { StatusBadge } from '../status-badge';

/** Projects of the customer (admin view): add via /api/customers/{id}/projects, edit, delete. */
export function ViewProjects({ customerId }: { customerId: number }) {
  const query = useProjects({ customerId, pageSize: ALL_PAGE_SIZE });
  const remove = useDeleteProject();
  const [dialog, setDialog] = useState<{ project: Project | null } | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const { mayWrite, actions } = useProjectActions({
    onEdit: (project) => setDialog({ project }),
    onDelete: setDeleting,
  });

  return (
    <Card h="100%">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Projekte
        </Title>
        {mayWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setDialog({ project: null })}
          >
            Projekt hinzufügen
          </Button>
        )}
      </Group>
      {query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Text c="dimmed">Lade Projekte...</Text>
      ) : query.data.items.length === 0 ? (
        <EmptyState text="Keine Projekte zugewiesen" />
      ) : (
        <Stack gap="xs">
          {query.data.items.map((p) => (
            <Group
              key={p.id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              p="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {p.name}
                  </Text>
                  <StatusBadge active={p.is_active} />
                </Group>
                {p.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {p.description}
                  </Text>
                )}
              </Stack>
              <RowActions actions={actions(p)} />
            </Group>
          ))}
        </Stack>
      )}
      <ProjectFormDialog
        opened={dialog !== null}
        project={dialog?.project ?? null}
        customerId={customerId}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Projekt löschen"
        message={`Sind Sie sicher, dass Sie das Projekt „${deleting?.name}“ löschen möchten? Projekte mit gebuchten Zeiteinträgen können nicht gelöscht werden.`}
        errorFallback="Fehler beim Löschen des Projekts"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess('Projekt erfolgreich gelöscht');
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
