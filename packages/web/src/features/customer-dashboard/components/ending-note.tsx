import type { CustomerDashboard } from '@butler/contract/dashboard';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarHeart } from '@tabler/icons-react';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { formatDate } from '../../../lib/format';

/** In the last 30 days of a ButlerPaket without a following one: a friendly note, no alarm. */
export function EndingNote({
  ending,
  onContact,
}: {
  ending: CustomerDashboard['subscription_ending'];
  onContact: () => void;
}) {
  const t = useLoungeTexts();
  if (!ending) return null;
  const when = ending.days_left === 0 ? 'heute' : `am ${formatDate(ending.end_date)}`;
  return (
    <Alert
      variant="light"
      color="gray"
      radius="md"
      icon={<IconCalendarHeart aria-hidden />}
      title={t.endingTitle(when)}
      data-testid="subscription-ending-note"
    >
      <Group gap="sm" justify="space-between">
        <Text size="sm">{t.endingText}</Text>
        <Button size="compact-sm" variant="white" onClick={onContact}>
          Mein BUTLER kontaktieren
        </Button>
      </Group>
    </Alert>
  );
}
