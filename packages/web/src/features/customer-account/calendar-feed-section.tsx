import type { CalendarFeed, CalendarFeedCreated } from '@butler/contract/calendar-feeds';
import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLoungeTexts } from '../../app/lounge-voice';
import { ErrorState } from '../../components/states';
import { apiRequest } from '../../lib/api-client';
import { CalendarFeedPanel, withoutUrl } from '../account';

/**
 * "Kalender-Abo" in "Mein Konto" (decision 0841): the customer's visits in their own
 * calendar app through a private address, switched on, renewed and off here.
 */
export function CalendarFeedSection({ customerId }: { customerId: number }) {
  const t = useLoungeTexts();
  const client = useQueryClient();
  const key = ['calendar-feed', 'customer', customerId];
  const url = `/api/customers/${customerId}/calendar-feed`;
  const feed = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<{ feed: CalendarFeed | null }>(url, { signal }),
  });
  const create = async () => {
    const created = await apiRequest<CalendarFeedCreated>(url, { method: 'POST' });
    client.setQueryData(key, { feed: withoutUrl(created) });
    return created;
  };
  const remove = async () => {
    await apiRequest(url, { method: 'DELETE' });
    client.setQueryData(key, { feed: null });
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="calendar-feed-section">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarShare size={20} aria-hidden />
          <Title order={2} size="h4">
            Kalender-Abo
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t.calendarFeedIntro}
        </Text>
        {feed.isPending ? (
          <Loader size="sm" aria-label="Kalender-Abo wird geladen" />
        ) : feed.isError ? (
          <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void feed.refetch()} />
        ) : (
          <CalendarFeedPanel
            feed={feed.data.feed}
            texts={{ urlHint: t.calendarFeedUrlHint, renewAsk: t.calendarFeedRenewAsk, offAsk: t.calendarFeedOffAsk }}
            onCreate={create}
            onDelete={remove}
            testId="calendar-feed-customer"
          />
        )}
      </Stack>
    </Card>
  );
}
