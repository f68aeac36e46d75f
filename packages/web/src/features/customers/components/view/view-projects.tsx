import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyState, ErrorState } from '../../../../components/states';
import { ALL_PAGE_SIZE, useProjects } from '../../../../lib/back-office';
import { RowActions } from '../row-actions';
import { useProjectRows } from '../rows/project-rows';
import { StatusBadge } from '../status-badge';

/** Projects of the customer (admin view): add via /api/customers/{id}/projects, edit, delete. */
export function ViewProjects({ customerId }: { customerId: number }) {
  const query = useProjects({ customerId, pageSize: ALL_PAGE_SIZE });
  const rows = useProjectRows(customerId);

  return (
    <Card h="100%">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Projekte
        </Title>
        {rows.mayCreate && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => rows.create()}>
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
              <RowActions actions={rows.actions(p)} />
            </Group>
          ))}
        </Stack>
      )}
      {rows.dialogs}
    </Card>
  );
}
