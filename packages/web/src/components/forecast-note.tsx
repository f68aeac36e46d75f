import type { Forecast } from '@butler/contract/dashboard';
import { Stack, Text } from '@mantine/core';
import { formatDate, todayInVienna } from '../lib/format';

/** The forecast's sentence: the term's end, "nur noch heute" when less than a day's use is left, or the day. */
export function forecastText(forecast: Forecast, today: string): string {
  if (forecast.until_term_end) return `Reicht voraussichtlich bis zum Laufzeitende (${formatDate(forecast.until)})`;
  if (forecast.until <= today) return 'Reicht voraussichtlich nur noch heute';
  return `Reicht voraussichtlich bis ca. ${formatDate(forecast.until)}`;
}

/**
 * Beside a ring: "Reicht voraussichtlich bis ca. {Datum}" (decision 0325), from the hours usable
 * now (decision 0742); nothing without a forecast.
 */
export function ForecastNote({ forecast, testId }: { forecast: Forecast | null; testId: string }) {
  if (!forecast) return null;
  return (
    <Stack gap={0} align="center" data-testid={testId}>
      <Text size="sm" fw={600} ta="center">
        {forecastText(forecast, todayInVienna())}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        bei gleichbleibender Nutzung
      </Text>
    </Stack>
  );
}
