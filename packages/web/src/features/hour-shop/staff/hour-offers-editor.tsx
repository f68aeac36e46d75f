import type { HourOffer } from '@butler/contract/hour-shop';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDecimal, formatEuro } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hourOffersQuery, useDeleteHourOffer } from '../api/hour-shop';
import { HourOfferDialog } from './hour-offer-dialog';

/** The catalogue: each Stundenpaket with hours, price per hour and whether the lounge offers it. */
export function HourOffersEditor() {
  const offers = useQuery(hourOffersQuery);
  const remove = useDeleteHourOffer();
  const [editing, setEditing] = useState<HourOffer | 'new' | null>(null);
  if (offers.isError) {
    return (
      <ErrorState text={errorText(offers.error, 'Fehler beim Laden des Angebots')} onRetry={() => offers.refetch()} />
    );
  }
  const list = offers.data ?? [];
  return (
    <Stack gap="xs" data-testid="hour-offers">
      <Text fw={600} size="sm">
        Angebot in der Lounge
      </Text>
      {list.length === 0 && !offers.isPending && (
        <Text size="sm" c="dimmed">
          Noch kein Stundenpaket im Angebot: Kunden sehen „Stunden nachkaufen“ erst, wenn hier eines aktiv ist.
        </Text>
      )}
      {list.map((o) => (
        <Group key={o.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>
              {formatDecimal(o.hours)} Stunden · {formatEuro(o.price_per_hour)} pro Stunde
            </Text>
            <Text size="xs" c="dimmed">
              {o.orders === 1 ? '1 Bestellung' : `${o.orders} Bestellungen`}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Badge color={o.is_active ? 'green' : 'gray'} variant="light">
              {o.is_active ? 'Aktiv' : 'Inaktiv'}
            </Badge>
            <Tooltip label="Bearbeiten" withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`Bearbeiten: ${formatDecimal(o.hours)} Stunden`}
                onClick={() => setEditing(o)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            {o.orders === 0 && (
              <Tooltip label="Löschen" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Löschen: ${formatDecimal(o.hours)} Stunden`}
                  onClick={() =>
                    remove.mutate(o.id, {
                      onSuccess: () => notifySuccess('Stundenpaket aus dem Angebot gelöscht'),
                      onError: (e) => notifyError(errorText(e, 'Das Stundenpaket konnte nicht gelöscht werden')),
                    })
                  }
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setEditing('new')}
        style={{ alignSelf: 'flex-start' }}
      >
        Stundenpaket hinzufügen
      </Button>
      <HourOfferDialog offer={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
