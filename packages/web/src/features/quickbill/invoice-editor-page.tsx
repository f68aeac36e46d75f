import { Alert, Button, Card, Grid, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CustomerPicker } from '../../components/customer-picker';
import { addDaysIso, DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError, errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useInvoiceSettings } from './api/catalog';
import { useInvoice, useSaveInvoice } from './api/invoices';
import { BillingAddress } from './components/billing-address';
import { type EditorValues, emptyValues, localErrors, toInput, valuesFromInvoice } from './components/editor-state';
import { LinesCard } from './components/lines-card';

/** /admin/quickbill/invoices/new and /:id/edit — drafts only; issued invoices are read-only. */
export function InvoiceEditorPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const invoice = useInvoice(id);
  const settings = useInvoiceSettings();

  if (settings.isPending || (id !== null && invoice.isPending)) return <PageLoader text="Lade Rechnung..." />;
  if (id !== null && invoice.isError) {
    const missing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return <ErrorState text={missing ? 'Rechnung nicht gefunden' : 'Fehler beim Laden der Daten'} />;
  }
  if (settings.isError)
    return <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void settings.refetch()} />;
  const initial = invoice.data ? valuesFromInvoice(invoice.data) : emptyValues(settings.data.payment_terms_days);
  return (
    <EditorForm
      key={id ?? 'new'}
      id={id}
      initial={initial}
      title={
        invoice.data
          ? invoice.data.invoice_number
            ? `Rechnung ${invoice.data.invoice_number}`
            : `Rechnungsentwurf #${invoice.data.id} bearbeiten`
          : 'Neue Rechnung'
      }
      readOnly={invoice.data ? invoice.data.status !== 'draft' : false}
      smallBusiness={settings.data.small_business}
      paymentTerms={settings.data.payment_terms_days}
    />
  );
}

function EditorForm({
  id,
  initial,
  title,
  readOnly,
  smallBusiness,
  paymentTerms,
}: {
  id: number | null;
  initial: EditorValues;
  title: string;
  readOnly: boolean;
  smallBusiness: boolean;
  paymentTerms: number;
}) {
  const navigate = useNavigate();
  const save = useSaveInvoice();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Any edit makes the shown field errors stale.
  const set = (patch: Partial<EditorValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => (Object.keys(e).length > 0 ? {} : e));
    setFormError(null);
  };
  const backTo = id ? `/admin/quickbill/invoices/${id}` : '/admin/quickbill/invoices';

  const submit = async () => {
    const local = localErrors(values, smallBusiness);
    setFormError(null);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFormError(Object.values(local)[0]);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: id ?? undefined, body: toInput(values) });
      notifySuccess('Entwurf gespeichert');
      navigate(`/admin/quickbill/invoices/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.details) setErrors(error.details);
      setFormError(errorText(error, 'Die Rechnung konnte nicht gespeichert werden'));
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        actions={
          <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={18} />}>
            Zurück
          </Button>
        }
      />
      {readOnly && (
        <Alert color="gray" icon={<IconLock size={18} />} title="Ausgestellte Rechnung" data-testid="read-only-notice">
          Diese Rechnung ist bereits ausgestellt und kann nicht mehr geändert werden. Für eine Korrektur stornieren Sie
          sie (es entsteht eine Stornorechnung) oder duplizieren Sie sie als neuen Entwurf.
        </Alert>
      )}
      <Card>
        <Title order={2} size="h4" mb="sm">
          Rechnungsdaten
        </Title>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <CustomerPicker
                value={values.customerId}
                initialLabel={values.customerLabel}
                onChange={(customerId) => set({ customerId, timeEntryIds: [] })}
                error={errors.customer_id}
                disabled={readOnly}
              />
              <BillingAddress customerId={values.customerId} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Grid gap="sm">
              <Grid.Col span={6}>
                <DateField
                  label="Rechnungsdatum"
                  withAsterisk
                  value={values.invoiceDate}
                  onChange={(invoiceDate) =>
                    set({ invoiceDate, dueDate: invoiceDate ? addDaysIso(invoiceDate, paymentTerms) : values.dueDate })
                  }
                  error={errors.invoice_date}
                  readOnly={readOnly}
                />
              </Grid.Col>
              <Grid.Col span={6}>
                <DateField
                  label="Fällig am"
                  value={values.dueDate}
                  onChange={(dueDate) => set({ dueDate })}
                  error={errors.due_date}
                  readOnly={readOnly}
                />
              </Grid.Col>
              <Grid.Col span={6}>
                <DateField
                  label="Leistungszeitraum von"
                  value={values.servicePeriodStart}
                  onChange={(servicePeriodStart) => set({ servicePeriodStart })}
                  error={errors.service_period_start}
                  readOnly={readOnly}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={6}>
                <DateField
                  label="Leistungszeitraum bis"
                  value={values.servicePeriodEnd}
                  onChange={(servicePeriodEnd) => set({ servicePeriodEnd })}
                  error={errors.service_period_end}
                  readOnly={readOnly}
                  clearable
                />
              </Grid.Col>
            </Grid>
            <Text size="xs" c="dimmed" mt="xs">
              Fällig standardmäßig nach {paymentTerms} Tagen Zahlungsziel. Ohne Leistungszeitraum gilt das
              Rechnungsdatum (bei Zeiteinträgen deren Zeitraum).
            </Text>
          </Grid.Col>
        </Grid>
      </Card>

      <LinesCard id={id} values={values} set={set} errors={errors} smallBusiness={smallBusiness} readOnly={readOnly} />

      <Card>
        <Textarea
          label="Anmerkungen auf der Rechnung"
          autosize
          minRows={2}
          value={values.notes}
          onChange={(e) => set({ notes: e.currentTarget.value })}
          error={errors.notes}
          readOnly={readOnly}
        />
      </Card>

      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={backTo}>
            Abbrechen
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Speichern...' : 'Entwurf speichern'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
