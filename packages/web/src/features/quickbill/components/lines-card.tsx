import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClock, IconPackage, IconPlus, IconShoppingBag } from '@tabler/icons-react';
import type { EditorValues } from './editor-state';
import { HourPackageDialog } from './hour-package-dialog';
import { previewTotals } from './invoice-totals';
import { type EditorLine, LineEditor, newLine } from './line-editor';
import { ProductPickDialog } from './product-pick-dialog';
import { entryLine, TimeEntriesDialog } from './time-entries-dialog';
import { TotalsBox } from './totals-box';

/** A fresh, untouched line is replaced rather than kept when lines are added from a source. */
const touched = (l: EditorLine) => l.description.trim() !== '' || Number(l.unit_price) !== 0;

/** The editor's lines with their sources (products, time entries, hour package) and live totals. */
export function LinesCard({
  id,
  values,
  set,
  errors,
  smallBusiness,
  readOnly,
}: {
  id: number | null;
  values: EditorValues;
  set: (patch: Partial<EditorValues>) => void;
  errors: Record<string, string>;
  smallBusiness: boolean;
  readOnly: boolean;
}) {
  const [productsOpen, products] = useDisclosure(false);
  const [entriesOpen, entries] = useDisclosure(false);
  const [packagesOpen, packages] = useDisclosure(false);
  const totals = previewTotals(
    values.lines.map((l) => ({
      quantity: Number(l.quantity),
      unit_price: Number(l.unit_price),
      tax_rate: Number(l.tax_rate),
      tax_exemption: l.tax_exemption,
    })),
    smallBusiness,
  );
  // Removing a line that came from a time entry releases that entry again.
  const changeLines = (lines: EditorValues['lines']) => {
    const kept = new Set(lines.map((l) => l.entryId));
    const released = values.lines.filter((l) => l.entryId && !kept.has(l.entryId)).map((l) => l.entryId);
    set({ lines, timeEntryIds: values.timeEntryIds.filter((e) => !released.includes(e)) });
  };

  return (
    <>
      <Card>
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={2} size="h4">
            Positionen
          </Title>
          {!readOnly && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => set({ lines: [...values.lines, newLine()] })}
              >
                Position hinzufügen
              </Button>
              <Button size="xs" variant="light" leftSection={<IconShoppingBag size={16} />} onClick={products.open}>
                Aus Produkten
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconClock size={16} />}
                onClick={entries.open}
                disabled={!values.customerId}
              >
                Zeiteinträge
              </Button>
              {id === null && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPackage size={16} />}
                  onClick={packages.open}
                  disabled={!values.customerId}
                >
                  Stundenpaket
                </Button>
              )}
            </Group>
          )}
        </Group>
        {values.lines.length === 0 && (
          <Text c={errors.items ? 'red.8' : 'dimmed'} size="sm" py="md" ta="center">
            Bitte fügen Sie mindestens eine Position hinzu
          </Text>
        )}
        <LineEditor
          lines={values.lines}
          onChange={changeLines}
          errors={errors}
          smallBusiness={smallBusiness}
          readOnly={readOnly}
        />
        {values.timeEntryIds.length > 0 && (
          <Text size="xs" c="dimmed" mt="xs">
            {values.timeEntryIds.length === 1 ? '1 Zeiteintrag' : `${values.timeEntryIds.length} Zeiteinträge`} werden
            mit dieser Rechnung verrechnet (Leistungsnachweis).
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <TotalsBox {...totals} smallBusiness={smallBusiness} />
        </Group>
      </Card>
      <ProductPickDialog
        opened={productsOpen}
        onClose={products.close}
        onAdd={(line) =>
          set({
            lines: [...values.lines.filter(touched), line],
          })
        }
      />
      {values.customerId && (
        <TimeEntriesDialog
          opened={entriesOpen}
          onClose={entries.close}
          customerId={values.customerId}
          excludeIds={values.timeEntryIds}
          onAdd={(picked, rate) =>
            set({
              lines: [
                ...values.lines.filter(touched),
                ...picked.map((e) =>
                  newLine({
                    description: entryLine(e),
                    quantity: e.hours,
                    unit: 'Std.',
                    unit_price: rate,
                    entryId: e.id,
                  }),
                ),
              ],
              timeEntryIds: [...values.timeEntryIds, ...picked.map((e) => e.id)],
            })
          }
        />
      )}
      {values.customerId && id === null && (
        <HourPackageDialog opened={packagesOpen} onClose={packages.close} customerId={values.customerId} />
      )}
    </>
  );
}
