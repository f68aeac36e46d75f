import {
  ORDER_STATE_LABELS,
  ORDER_STATES,
  type OrderDetail,
  type OrderState,
  type OrderUpdate,
} from '@butler/contract/orders';
import { Button, Card, Group, NumberInput, Select, Stack, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/date-field';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateOrder } from '../api/orders';
import { useAssigneeOptions } from '../api/staff-options';

/** States staff set by hand; Erledigt goes through "Abschließen", Zurückgezogen is the customer's. */
const SETTABLE: OrderState[] = ORDER_STATES.filter((s) => s !== 'done' && s !== 'withdrawn');

/** Status, Betreuer, Schätzung and Geplant am of an Auftrag, each saved on its own (PATCH). */
export function OrderManageCard({ order, disabled }: { order: OrderDetail; disabled: boolean }) {
  const update = useUpdateOrder(order.id);
  const assignees = useAssigneeOptions();
  const [estimate, setEstimate] = useState<number | string>(order.estimate_hours ?? '');
  useEffect(() => setEstimate(order.estimate_hours ?? ''), [order.estimate_hours]);
  const save = async (body: OrderUpdate, done: string) => {
    try {
      await update.mutateAsync(body);
      notifySuccess(done);
    } catch (cause) {
      notifyError(errorText(cause, 'Die Änderung konnte nicht gespeichert werden.'));
    }
  };
  const assigneeData = [...assignees];
  if (order.assignee && !assigneeData.some((a) => a.value === String(order.assignee?.id)))
    assigneeData.push({ value: String(order.assignee.id), label: order.assignee.name });
  const estimateNumber = typeof estimate === 'number' ? estimate : null;
  const estimateChanged =
    estimateNumber !== order.estimate_hours && !(estimate === '' && order.estimate_hours === null);
  return (
    <Card data-testid="order-manage">
      <Title order={2} size="h4" mb="sm">
        Bearbeitung
      </Title>
      <Stack gap="sm">
        <Select
          label="Status"
          data={[...new Set([...SETTABLE, order.state])].map((s) => ({ value: s, label: ORDER_STATE_LABELS[s] }))}
          value={order.state}
          onChange={(v) =>
            v && v !== order.state && save({ state: v as OrderState }, `Status: ${ORDER_STATE_LABELS[v as OrderState]}`)
          }
          allowDeselect={false}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Betreuer"
          placeholder="Niemand"
          data={assigneeData}
          value={order.assignee ? String(order.assignee.id) : null}
          onChange={(v) => save({ assignee_admin_id: v ? Number(v) : null }, 'Betreuer gespeichert')}
          clearable
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <NumberInput
            label="Schätzung in Stunden"
            description="In Schritten von 0,25 h"
            min={0.25}
            step={0.25}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            inputMode="decimal"
            value={estimate}
            onChange={setEstimate}
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={disabled || !estimateChanged}
            loading={update.isPending}
            onClick={() => save({ estimate_hours: estimateNumber }, 'Schätzung gespeichert')}
          >
            Speichern
          </Button>
        </Group>
        <DateField
          label="Geplant am"
          clearable
          value={order.planned_date}
          onChange={(date) => save({ planned_date: date }, date ? 'Termin gespeichert' : 'Termin entfernt')}
          disabled={disabled}
        />
      </Stack>
    </Card>
  );
}
