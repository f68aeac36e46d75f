import { HANDOVER_FORMAT_LABELS, HANDOVER_FORMATS, type Handover } from '@butler/contract/accounting-handover';

import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileZip, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/permissions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { errorText } from '../../lib/api-client';
import { formatDateTime, MONTH_NAMES, todayInVienna } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { downloadHandover, HANDOVER_PAGE_SIZE, useAccountingSettings, useCreateHandover, useHandovers } from './api';
import { closingConfirmation, handoverDoneText, handoverFormState } from './handover-rules';

type Kind = 'month' | 'quarter' | 'year';

/** The periods offered: this year and the two before, newest first (a month that has begun). */
function periodOptions(kind: Kind, today: Date) {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  const options: { value: string; label: string }[] = [];
  for (let y = year; y >= year - 2; y--) {
    if (kind === 'year') options.push({ value: String(y), label: String(y) });
    if (kind === 'quarter') {
      for (let q = 4; q >= 1; q--) {
        if (y === year && q * 3 - 2 > month) continue;
        options.push({ value: `${y}-Q${q}`, label: `${q}. Quartal ${y}` });
      }
    }
    if (kind === 'month') {
      for (let m = 12; m >= 1; m--) {
        if (y === year && m > month) continue;
        options.push({ value: `${y}-${String(m).padStart(2, '0')}`, label: `${MONTH_NAMES[m - 1]} ${y}` });
      }
    }
  }
  return options;
}

/** The last month that is over: the one a handover is usually made for. */
function defaultPeriod(kind: Kind, today: Date): string {
  const last = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  if (kind === 'month') return `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`;
  if (kind === 'quarter') return `${last.getFullYear()}-Q${Math.ceil((last.getMonth() + 1) / 3)}`;
  return String(today.getFullYear() - 1);
}

/** `235\u00a0KB`, `1,1\u00a0MB`: number and unit never part at a line end. */
const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('de-AT', { maximumFractionDigits: 1 })}\u00a0MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('de-AT')}\u00a0KB`;

async function download(handover: Handover) {
  try {
    await downloadHandover(handover);
  } catch (error) {
    notifyError(errorText(error, 'Die Übergabe konnte nicht heruntergeladen werden'));
  }
}

/**
 * The badges of a kept handover: a correction, and on the period's newest handover the months
 * as they stand now (decision 0821), so a reopened month reads "wieder offen" here as in
 * "Abgeschlossene Zeiträume"; an older one of the same period reads "ersetzt", so the adviser's
 * current file is the one with the state.
 */
function HandoverBadges({ handover: h }: { handover: Handover }) {
  return (
    <>
      {h.is_correction && (
        <Badge color="orange" variant="light">
          Korrektur
        </Badge>
      )}
      {h.superseded && (
        <Badge color="gray" variant="outline" title="Eine spätere Übergabe desselben Zeitraums ersetzt diese">
          ersetzt
        </Badge>
      )}
      {!h.superseded && h.months_state === 'closed' && (
        <Badge color="gray" variant="light" leftSection={<IconLock size={12} />}>
          abgeschlossen
        </Badge>
      )}
      {!h.superseded && h.months_state === 'reopened' && (
        <Badge color="orange" variant="outline">
          wieder offen
        </Badge>
      )}
    </>
  );
}

const COLUMNS: Column<Handover>[] = [
  {
    key: 'period',
    label: 'Zeitraum',
    render: (h) => (
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500}>
          {h.period_label}
        </Text>
        <HandoverBadges handover={h} />
      </Group>
    ),
    hideOnCard: true,
  },
  { key: 'formats', label: 'Formate', render: (h) => h.formats.map((f) => HANDOVER_FORMAT_LABELS[f]).join(', ') },
  { key: 'documents', label: 'Belegdateien', render: (h) => h.documents, align: 'right' },
  { key: 'size', label: 'Größe', render: (h) => formatSize(h.size_bytes), align: 'right' },
  { key: 'created', label: 'Erstellt', render: (h) => `${formatDateTime(h.created_at)} von ${h.created_by}` },
  {
    key: 'download',
    label: 'Datei',
    hideOnCard: true,
    render: (h) => (
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconDownload size={16} />}
        onClick={() => download(h)}
        aria-label={`Übergabe ${h.period_label} herunterladen`}
      >
        ZIP
      </Button>
    ),
  },
];

/** "Übergabe an die Steuerberatung": make one for a period, and every one made so far (decision 0820). */
export function HandoverCard() {
  const can = useCan();
  const today = new Date();
  const [kind, setKind] = useState<Kind>('month');
  const [period, setPeriod] = useState(() => defaultPeriod('month', today));
  const [formats, setFormats] = useState<string[]>(['bmd']);
  const [close, setClose] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [page, setPage] = useState(1);
  const list = useHandovers(page);
  const create = useCreateHandover();
  const settings = useAccountingSettings();

  // The chosen period's months and end, by the rule the server applies (a year is the fiscal year).
  const form = handoverFormState({
    period,
    formats,
    fiscalYearStartMonth: settings.data?.fiscal_year_start_month ?? 1,
    today: todayInVienna(),
  });
  const closing = close && form.closeBlocked === null;

  const changeKind = (next: Kind) => {
    setKind(next);
    setPeriod(defaultPeriod(next, today));
  };

  const run = async () => {
    setFormError(null);
    setMade(null);
    const handover = await create.mutateAsync({ period, formats: formats as Handover['formats'], close: closing });
    // Said once, beside the form (a toast repeated it over the new row's ZIP button).
    setMade(`${handoverDoneText(handover)}. Die ZIP-Datei wird heruntergeladen.`);
    setClose(false);
    setPage(1);
    void download(handover);
  };

  const submit = () => {
    // Closing is not undone by the Buchhaltung: it is confirmed first, naming the months.
    if (closing) {
      setConfirming(true);
      return;
    }
    run().catch((error) => setFormError(errorText(error, 'Die Übergabe konnte nicht erstellt werden')));
  };

  return (
    <Card component="section" aria-labelledby="handover-title">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <IconFileZip size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id="handover-title">
          Übergabe an die Steuerberatung
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Eine ZIP-Datei je Zeitraum: die Buchungsdatei für BMD oder DATEV, alle ausgestellten Rechnungen,
        Stornorechnungen und Mahnungen als PDF, die E-Rechnungen, ein Verzeichnis (Index.csv), ein Begleitblatt
        (Uebergabe.txt: Zeitraum, Festschreibung, bei einer Korrektur der Grund) und Prüfsummen (SHA256SUMS.txt). Jede
        Übergabe bleibt unverändert gespeichert.
      </Text>

      {!can('accounting.export') && (
        <Text size="sm" mb="md" data-testid="handover-read-only">
          Übergaben erstellen die Buchhaltung und die Inhaberin oder der Inhaber. Hier können Sie die bisherigen
          herunterladen.
        </Text>
      )}
      {can('accounting.export') && (
        <Stack gap="sm" mb="lg">
          <SegmentedControl
            aria-label="Art des Zeitraums"
            value={kind}
            onChange={(v) => changeKind(v as Kind)}
            data={[
              { value: 'month', label: 'Monat' },
              { value: 'quarter', label: 'Quartal' },
              { value: 'year', label: 'Jahr' },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Zeitraum"
              data={periodOptions(kind, today)}
              value={period}
              onChange={(v) => v && setPeriod(v)}
              allowDeselect={false}
              searchable
            />
            <Checkbox.Group label="Buchungsdatei für" value={formats} onChange={setFormats}>
              <Group mt={8} gap="lg">
                {HANDOVER_FORMATS.map((f) => (
                  <Checkbox key={f} value={f} label={HANDOVER_FORMAT_LABELS[f]} />
                ))}
              </Group>
            </Checkbox.Group>
          </SimpleGrid>
          <Checkbox
            checked={closing}
            disabled={form.closeBlocked !== null}
            onChange={(e) => setClose(e.currentTarget.checked)}
            label="Zeitraum danach abschließen (Festschreibung)"
            description={
              form.closeBlocked ??
              'Danach ist nichts mit einem Datum in diesem Zeitraum mehr änderbar: keine Zahlung, kein Storno, keine Gutschrift. Korrekturen werden im offenen Zeitraum gebucht. Wieder öffnen kann nur die Inhaberin oder der Inhaber.'
            }
          />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {made && (
            <Alert color="teal" role="status" withCloseButton onClose={() => setMade(null)}>
              {made}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {form.createBlocked && (
              <Text size="sm" c="dimmed" id="handover-needs-format">
                {form.createBlocked}
              </Text>
            )}
            <Button
              onClick={submit}
              disabled={create.isPending || form.createBlocked !== null}
              aria-describedby={form.createBlocked ? 'handover-needs-format' : undefined}
              leftSection={<IconFileZip size={18} />}
            >
              {create.isPending ? 'Übergabe wird erstellt...' : 'Übergabe erstellen'}
            </Button>
          </Group>
          <ConfirmDialog
            opened={confirming}
            title={`${form.label ?? 'Zeitraum'} übergeben und abschließen`}
            message={closingConfirmation(form.months)}
            confirmLabel="Übergabe erstellen und abschließen"
            errorFallback="Die Übergabe konnte nicht erstellt werden"
            onConfirm={run}
            onClose={() => setConfirming(false)}
          />
        </Stack>
      )}

      <Title order={3} size="h5" mb="xs">
        Bisherige Übergaben
      </Title>
      {list.isPending ? (
        <PageLoader text="Lade Übergaben..." />
      ) : list.isError ? (
        <ErrorState text="Fehler beim Laden der Übergaben" onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState text="Noch keine Übergabe erstellt." />
      ) : (
        <>
          <ResponsiveList
            rows={list.data.items}
            columns={COLUMNS}
            rowKey={(h) => h.id}
            caption="Bisherige Übergaben"
            cardTitle={(h) => (
              <Group gap={6} component="span">
                {h.period_label}
                <HandoverBadges handover={h} />
              </Group>
            )}
            cardActions={(h) => (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => download(h)}
              >
                ZIP herunterladen
              </Button>
            )}
          />
          <Pager page={page} total={list.data.total} pageSize={HANDOVER_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </Card>
  );
}
