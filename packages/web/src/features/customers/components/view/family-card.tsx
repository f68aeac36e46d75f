import { type Child, type Customer, MARITAL_STATUSES, PARTNER_GENDERS } from '@butler/contract/customers';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../../app/permissions';
import { DateField } from '../../../../components/date-field';
import { FormError } from '../../../../components/dialog-parts';
import { errorText } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { useSavePersonalData } from '../../api/customers';

const CHILD_LABEL = { boy: 'Junge', girl: 'Mädchen' } as const;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Draft = {
  marital_status: string | null;
  partner_name: string;
  partner_gender: string | null;
  partner_birthdate: string | null;
  children: { name: string; gender: 'boy' | 'girl'; age: number | string }[];
};

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div">
        {value || '–'}
      </Text>
    </Group>
  );
}

/** Familie (SPEC §2): marital status, partner and children, editable in place. */
export function FamilyCard({ customer }: { customer: Customer }) {
  const mayEdit = useCan()('customers.private.write');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePersonalData(customer.id);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));
  const setChild = (i: number, patch: Partial<Draft['children'][number]>) =>
    setDraft((d) => (d ? { ...d, children: d.children.map((c, j) => (j === i ? { ...c, ...patch } : c)) } : d));

  const start = () => {
    setError(null);
    setDraft({
      marital_status: customer.marital_status,
      partner_name: customer.partner_name ?? '',
      partner_gender: customer.partner_gender,
      partner_birthdate: customer.partner_birthdate,
      children: customer.children.map((c: Child) => ({ ...c, age: c.age ?? '' })),
    });
  };
  const submit = async () => {
    if (!draft) return;
    setError(null);
    try {
      await save.mutateAsync({
        marital_status: (draft.marital_status as Customer['marital_status']) ?? null,
        partner_name: draft.partner_name,
        partner_gender: (draft.partner_gender as Customer['partner_gender']) ?? null,
        partner_birthdate: draft.partner_birthdate,
        children: draft.children.map((c) => ({
          name: c.name,
          gender: c.gender,
          age: c.age === '' ? null : Number(c.age),
        })),
      });
      notifySuccess('Familiendaten gespeichert');
      setDraft(null);
    } catch (cause) {
      setError(errorText(cause, 'Fehler beim Speichern der Daten'));
    }
  };

  return (
    <Card h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          Familie
        </Title>
        {!draft && mayEdit && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={start}
            aria-label="Familie bearbeiten"
          >
            Bearbeiten
          </Button>
        )}
      </Group>
      {!draft ? (
        <Stack gap={6}>
          <Row label="Familienstand" value={customer.marital_status ? cap(customer.marital_status) : null} />
          <Row label="Partner/in" value={customer.partner_name} />
          <Row label="Geschlecht" value={customer.partner_gender ? cap(customer.partner_gender) : null} />
          <Row label="Geburtsdatum Partner/in" value={formatDate(customer.partner_birthdate)} />
          <Text size="sm" c="dimmed" mt={4}>
            Kinder
          </Text>
          {customer.children.length === 0 ? (
            <Text size="sm" fs="italic" c="dimmed">
              Keine Kinder eingetragen
            </Text>
          ) : (
            customer.children.map((child, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: children have no id; the list is shown read-only
              <Text size="sm" key={i}>
                {child.name} · {CHILD_LABEL[child.gender]}
                {child.age !== null ? ` · ${child.age} Jahre` : ''}
              </Text>
            ))
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Select
            label="Familienstand"
            data={MARITAL_STATUSES.map((m) => ({ value: m, label: cap(m) }))}
            value={draft.marital_status}
            onChange={(v) => set('marital_status', v)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Name Partner/in"
              size="sm"
              value={draft.partner_name}
              onChange={(e) => set('partner_name', e.currentTarget.value)}
            />
            <Select
              label="Geschlecht Partner/in"
              data={PARTNER_GENDERS.map((g) => ({ value: g, label: cap(g) }))}
              value={draft.partner_gender}
              onChange={(v) => set('partner_gender', v)}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <DateField
            label="Geburtsdatum Partner/in"
            value={draft.partner_birthdate}
            onChange={(v) => set('partner_birthdate', v)}
            clearable
          />
          <Text size="sm" fw={500}>
            Kinder
          </Text>
          {draft.children.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id while being edited
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Name"
                size="sm"
                flex={1}
                miw={0}
                value={child.name}
                onChange={(e) => setChild(i, { name: e.currentTarget.value })}
              />
              <Select
                label="Geschlecht"
                w={100}
                data={[
                  { value: 'boy', label: 'Junge' },
                  { value: 'girl', label: 'Mädchen' },
                ]}
                value={child.gender}
                onChange={(v) => setChild(i, { gender: (v ?? 'boy') as 'boy' | 'girl' })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <NumberInput
                label="Alter"
                w={70}
                min={0}
                max={150}
                allowDecimal={false}
                value={child.age}
                onChange={(v) => setChild(i, { age: v })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Kind ${child.name || i + 1} entfernen`}
                onClick={() =>
                  set(
                    'children',
                    draft.children.filter((_, j) => j !== i),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => set('children', [...draft.children, { name: '', gender: 'boy', age: '' }])}
            w="fit-content"
          >
            Kind hinzufügen
          </Button>
          <FormError message={error} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setDraft(null)} disabled={save.isPending}>
              Abbrechen
            </Button>
            <Button size="xs" onClick={() => void submit()} disabled={save.isPending}>
              {save.isPending ? 'Speichern...' : 'Speichern'}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
