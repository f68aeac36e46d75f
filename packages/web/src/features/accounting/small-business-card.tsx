import { smallBusinessExplanation } from '@butler/contract/accounting-handover';
import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SMALL_BUSINESS_COLORS, smallBusinessLimitQuery } from '../../components/small-business-alert';
import { formatEuro } from '../../lib/format';

/** "Kleinunternehmergrenze": this and last year's turnover against EUR 55,000 (and 60,500). */
export function SmallBusinessCard() {
  const { data: limit } = useQuery(smallBusinessLimitQuery());
  if (!limit?.applies) return null;
  return (
    <Card component="section" aria-labelledby="small-business-title">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <IconScale size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id="small-business-title">
          Kleinunternehmergrenze
        </Title>
      </Group>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <div>
            <Text size="sm" c="dimmed">
              Umsatz {limit.year} (brutto, laut ausgestellten Rechnungen)
            </Text>
            <Text fw={700} size="lg" data-testid="small-business-this-year">
              {formatEuro(limit.this_year_gross)}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Umsatz {limit.year - 1}
            </Text>
            <Text fw={700} size="lg">
              {formatEuro(limit.last_year_gross)}
            </Text>
          </div>
        </SimpleGrid>
        <Progress
          value={Math.min(100, limit.percent_of_limit)}
          color={SMALL_BUSINESS_COLORS[limit.state]}
          size="lg"
          aria-label={`${limit.percent_of_limit}\u00a0% der Grenze von ${formatEuro(limit.limit)}`}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Grenze {formatEuro(limit.limit)} · Toleranz bis {formatEuro(limit.tolerance_limit)}
          </Text>
          <Text size="xs" fw={600}>
            {limit.percent_of_limit} % der Grenze
          </Text>
        </Group>
        <Text size="sm">{smallBusinessExplanation(limit)}</Text>
      </Stack>
    </Card>
  );
}
