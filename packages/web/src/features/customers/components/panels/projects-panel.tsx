import type { Project } from '@butler/contract/projects';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { PAGE_SIZE, useProjects } from '../../../../lib/back-office';
import { formatDate, truncate } from '../../../../lib/format';
import { RowActions } from '../row-actions';
import { useProjectRows } from '../rows/project-rows';
import { StatusBadge } from '../status-badge';

/** Management panel 1 (SPEC §2): projects of all customers or of one. */
export function ProjectsPanel({ customerId }: { customerId?: number }) {
  const [page, setPage] = useState(1);
  const query = useProjects({ page, pageSize: PAGE_SIZE, customerId });
  const rows = useProjectRows(customerId);

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
      render: (p) => <RowActions actions={rows.actions(p)} />,
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text fw={600} size="lg">
          Projekte
        </Text>
        {rows.mayCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => rows.create()}>
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
            cardActions={(p) => <RowActions actions={rows.actions(p)} />}
            caption="Projekte"
          />
          <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </>
      )}
      {rows.dialogs}
    </>
  );
}
