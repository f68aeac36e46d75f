import type { DeductionsResponse } from '@butler/contract/dashboard';
import { Badge, Box, Button, Card, Center, Group, Text } from '@mantine/core';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { DeductionItem } from '../../../components/deduction-item';

/** All deductions of one kind, newest first, with the count and 'Weitere laden'. */
export function DeductionListCard({
  pages,
  adminView,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  pages: DeductionsResponse[];
  adminView: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const entries = pages.flatMap((p) => p.entries);
  // Fallback for the customer's eyes when an entry carries no booking name.
  const serviceLabel = useLoungeTexts().serviceLabel;
  const total = pages[0]?.total_count ?? 0;
  return (
    <Card component="section" aria-label="Abbuchungen">
      <Group justify="space-between" mb="xs">
        <Text component="h2" fw={600} ff="heading" fz="lg" c="navy.9" m={0}>
          Abbuchungen
        </Text>
        <Badge variant="light" color="gray" size="lg" tt="none" data-testid="deduction-count">
          {total} {total === 1 ? 'Eintrag' : 'Einträge'}
        </Badge>
      </Group>
      {entries.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          Noch keine Abbuchungen vorhanden.
        </Text>
      ) : (
        <Box>
          {entries.map((entry, index) => (
            <Box key={entry.id} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
              <DeductionItem
                activity={entry.activity_description}
                workDate={entry.work_date}
                hours={entry.hours}
                project={entry.project_name}
                order={entry.order}
                bookedBy={adminView ? entry.created_by : entry.created_by || serviceLabel}
              />
            </Box>
          ))}
        </Box>
      )}
      {hasMore && (
        <Center mt="md">
          <Button variant="light" onClick={onLoadMore} loading={loadingMore}>
            Weitere laden ({total - entries.length})
          </Button>
        </Center>
      )}
    </Card>
  );
}
