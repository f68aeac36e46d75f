import type { Forecast } from '@butler/contract/dashboard';
import { Stack, Text } from '@mantine/core';
import { formatDate } from '../lib/format';

/** Beside a ring: "Reicht voraussichtlich bis ca. {Datum}" (decision 0325); nothing without a forecast. */
export function ForecastNote({ forecast, testId }: { forecast: Forecast | null; testId: string }) {
  if (!forecast) return null;
  return (
    <Stack gap={0} align="center" data-testid={testId}>
      <Text size="sm" fw={600} ta="center">
        {forecast.until_term_end
          ? `Reicht voraussichtlich bis zum Laufzeitende (${formatDate(forecast.until)})`
          : `Reicht voraussichtlich bis ca. ${formatDate(forecast.until)}`}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        bei gleichbleibender Nutzung
      </Text>
    </Stack>
  );
}
