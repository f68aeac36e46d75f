import type { Project } from '@butler/contract/projects';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { formatDate, truncate } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { PAGE_SIZE } from '../../api/keys';
import { useDeleteProject, useProjects } from '../../api/projects';
import { RowActions } from '../row-actions';
import { useProjectActions } from '../row-rights';
import { StatusBadge } from '../status-badge';
import { ProjectFormDialog } from './project-form-dialog';

/** Management panel 1 (SPEC §2): projects of all customers or of one. */
export function ProjectsPanel({ customerId }: { customerId?: number }) {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ project: Project | null } | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const query = useProjects({ page, pageSize: PAGE_SIZE, customerId });
  const remove = useDeleteProject();

  const { mayWrite, actions } = useProjectActions({
    onEdit: (project) => setDialog({ project }),
    onDelete: setDeleting,
  });
  const columns: Column<Project>[] = [
    { key: 'name', label: 'Projektname', render: (p) => <Text fw={600}>{p.name}</Text>, hideOnCard: true },
    ...(customerId
      ? []
      : [{ key: 'customer', label: 'Kunde', render: (p: Project) => p.customer_name || 'Unbekannt' }]),
    { key: 'description', label: 'Beschreibung', render: (p) => truncate(p.description, 50) || '–' },
    { key: 'status', label: 'Status', render: (p) => <StatusBadge active={p.is_active} /> },
    { key: 'created', label: 'Erstellt', render: (p) => formatDate(p.created_at) },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (p) => <RowActions actions={actions(p)} />,
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text fw={600} size="lg">
          Projekte
        </Text>
        {mayWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ project: null })}>
            Neues Projekt
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Projekte..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState text="Keine Projekte vorhanden" />
      ) : (
        <>
          <ResponsiveList
            rows={query.data.items}
            columns={columns}
            rowKey={(p) => p.id}
            cardTitle={(p) => p.name}
            cardActions={(p) => <RowActions actions={actions(p)} />}
            caption="Projekte"
          />
          <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </>
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
    </>
  );
}
