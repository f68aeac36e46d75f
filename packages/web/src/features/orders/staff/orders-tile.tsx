import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/states';
import { orderCountsQuery } from '../api/orders';

function Count({
  label,
  value,
  to,
  color,
  testId,
}: {
  label: string;
  value: number;
  to: string;
  color?: string;
  testId: string;
}) {
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" data-testid={testId}>
      <Stack gap={0}>
        <Text fz={28} fw={700} lh={1.1} c={value > 0 ? color : 'gray.6'}>
          {value}
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Anchor>
  );
}

/** The dashboard's "Aufträge" tile (decision 0810): neu, überfällig, Freigabe ausstehend, each leading to the filtered inbox. */
export function OrdersTile() {
  const counts = useQuery(orderCountsQuery);
  return (
    <Card component="section" aria-labelledby="orders-tile-title" data-testid="orders-tile">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="navy" size={36} radius="xl">
            <IconChecklist size={20} aria-hidden />
          </ThemeIcon>
          <Title
            order={2}
            size="sm"
            fw={600}
            c="dimmed"
            tt="uppercase"
            id="orders-tile-title"
            style={{ letterSpacing: '0.04em' }}
          >
            Aufträge
          </Title>
        </Group>
        <Anchor component={Link} to="/admin/auftraege" size="sm">
          Alle offenen{counts.data ? ` (${counts.data.open})` : ''}
        </Anchor>
      </Group>
      {counts.isError ? (
        <ErrorState text="Fehler beim Laden der Aufträge" onRetry={() => counts.refetch()} />
      ) : (
        <SimpleGrid cols={3} spacing="sm">
          <Count
            label="neu"
            value={counts.data?.new ?? 0}
            to="/admin/auftraege?status=new"
            color="blue.8"
            testId="orders-tile-new"
          />
          <Count
            label="überfällig"
            value={counts.data?.overdue ?? 0}
            to="/admin/auftraege?faellig=overdue"
            color="red.8"
            testId="orders-tile-overdue"
          />
          <Count
            label="warten auf Freigabe"
            value={counts.data?.awaiting_approval ?? 0}
            to="/admin/auftraege?status=approval"
            color="orange.8"
            testId="orders-tile-approval"
          />
        </SimpleGrid>
      )}
      {counts.data && counts.data.open > 0 && (
        <Text size="xs" c="dimmed" mt="sm" data-testid="orders-tile-age">
          Offen seit weniger als 2 Tagen: {counts.data.by_age.fresh} · 2 bis 7 Tagen: {counts.data.by_age.week} ·
          länger: {counts.data.by_age.older}
        </Text>
      )}
    </Card>
  );
}
