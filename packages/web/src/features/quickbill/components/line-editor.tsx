import { SELECTABLE_TAX_EXEMPTIONS, TAX_EXEMPTION_INFO, TAX_RATES, type TaxExemption } from '@butler/contract/vat';
import { ActionIcon, Box, Card, Grid, NumberInput, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { formatEuro } from '../../../lib/format';
import { lineNetCents } from './invoice-totals';

export type EditorLine = {
  key: string;
  description: string;
  quantity: number | string;
  unit: string;
  unit_price: number | string;
  tax_rate: string;
  /** Why a 0 % line is free of VAT (required at 0 %, outside Kleinunternehmer mode). */
  tax_exemption: TaxExemption | null;
  /** The time entry this line bills, if it came from one. */
  entryId?: number;
};

let counter = 0;
/** A new line with a stable React key. */
export function newLine(values: Partial<Omit<EditorLine, 'key'>> = {}): EditorLine {
  counter += 1;
  return {
    key: `line-${counter}`,
    description: '',
    quantity: 1,
    unit: 'Stk.',
    unit_price: 0,
    tax_rate: '20',
    tax_exemption: null,
    ...values,
  };
}

const TAX_OPTIONS = TAX_RATES.map((rate) => ({ value: String(rate), label: `${rate}\u00a0%` }));
const EXEMPTION_OPTIONS = SELECTABLE_TAX_EXEMPTIONS.map((value) => ({ value, label: TAX_EXEMPTION_INFO[value].label }));
const money = { decimalSeparator: ',', thousandSeparator: '.', decimalScale: 2, hideControls: true } as const;

type Props = {
  lines: EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  errors: Record<string, string>;
  smallBusiness: boolean;
  readOnly?: boolean;
};

/**
 * Invoice lines: description, quantity, unit, unit price, tax rate (20/13/10/0 %), and the
 * line net; a 0 % line also asks for the reason it is free of VAT.
 */
export function LineEditor({ lines, onChange, errors, smallBusiness, readOnly }: Props) {
  const phone = useMediaQuery('(max-width: 48em)');
  const update = (key: string, patch: Partial<EditorLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const label = (text: string) => (phone ? text : undefined);

  return (
    <Stack gap="xs">
      {!phone && lines.length > 0 && (
        <Grid gap="xs" px="xs">
          {[
            ['Beschreibung', 4.5],
            ['Menge', 1.25],
            ['Einheit', 1.25],
            ['Einzelpreis (€)', 1.75],
            ['Steuer', 1.25],
            ['Netto', 1.5],
          ].map(([text, span]) => (
            <Grid.Col key={text as string} span={span as number}>
              <Text size="xs" fw={600} c="dimmed" ta={text === 'Netto' ? 'right' : undefined}>
                {text}
              </Text>
            </Grid.Col>
          ))}
        </Grid>
      )}
      {lines.map((line, index) => {
        const err = (field: string) => errors[`items.${index}.${field}`];
        const net = lineNetCents(Number(line.quantity) || 0, Number(line.unit_price) || 0) / 100;
        const n = index + 1;
        return (
          <Card key={line.key} padding="xs" radius="md" shadow="none" data-testid={`line-${index}`}>
            <Grid gap="xs" align="flex-start">
              <Grid.Col span={{ base: 12, sm: 4.5 }}>
                <TextInput
                  label={label(`Position ${n}: Beschreibung`)}
                  aria-label={`Beschreibung Position ${n}`}
                  withAsterisk={phone}
                  value={line.description}
                  onChange={(e) => update(line.key, { description: e.currentTarget.value })}
                  error={err('description')}
                  readOnly={readOnly}
                  size="sm"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 4, sm: 1.25 }}>
                <NumberInput
                  label={label('Menge')}
                  aria-label={`Menge Position ${n}`}
                  value={line.quantity}
                  onChange={(v) => update(line.key, { quantity: v })}
                  {...money}
                  min={0}
                  error={err('quantity')}
                  readOnly={readOnly}
                  size="sm"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 4, sm: 1.25 }}>
                <TextInput
                  label={label('Einheit')}
                  aria-label={`Einheit Position ${n}`}
                  value={line.unit}
                  onChange={(e) => update(line.key, { unit: e.currentTarget.value })}
                  error={err('unit')}
                  readOnly={readOnly}
                  size="sm"
                  maxLength={20}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 4, sm: 1.75 }}>
                <NumberInput
                  label={label('Preis (€)')}
                  aria-label={`Einzelpreis Position ${n}`}
                  value={line.unit_price}
                  onChange={(v) => update(line.key, { unit_price: v })}
                  {...money}
                  fixedDecimalScale
                  step={0.01}
                  error={err('unit_price')}
                  readOnly={readOnly}
                  size="sm"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 1.25 }}>
                <Select
                  label={label('Steuersatz')}
                  aria-label={`Steuersatz Position ${n}`}
                  data={TAX_OPTIONS}
                  value={smallBusiness ? '0' : line.tax_rate}
                  onChange={(v) =>
                    update(line.key, { tax_rate: v ?? '20', tax_exemption: v === '0' ? line.tax_exemption : null })
                  }
                  allowDeselect={false}
                  disabled={smallBusiness}
                  readOnly={readOnly}
                  error={err('tax_rate')}
                  size="sm"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 1.5 }}>
                <Box pt={phone ? 26 : 6}>
                  <Text size="sm" fw={600} ta="right" data-testid={`line-net-${index}`}>
                    {formatEuro(net)}
                  </Text>
                </Box>
              </Grid.Col>
              <Grid.Col span={{ base: 2, sm: 0.5 }}>
                {!readOnly && (
                  <Box pt={phone ? 22 : 0} ta="right">
                    <Tooltip label="Position entfernen" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Position ${n} entfernen`}
                        onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Box>
                )}
              </Grid.Col>
              {!smallBusiness && line.tax_rate === '0' && (
                <Grid.Col span={{ base: 12, sm: 7 }} offset={{ base: 0, sm: 4.5 }}>
                  <Select
                    label={label('Grund für 0\u00a0%')}
                    aria-label={`Grund für 0\u00a0% Position ${n}`}
                    placeholder="Grund der Steuerbefreiung wählen"
                    data={EXEMPTION_OPTIONS}
                    value={line.tax_exemption}
                    onChange={(v) => update(line.key, { tax_exemption: (v as TaxExemption | null) ?? null })}
                    readOnly={readOnly}
                    error={err('tax_exemption')}
                    size="sm"
                  />
                </Grid.Col>
              )}
            </Grid>
          </Card>
        );
      })}
    </Stack>
  );
}
