import type { Customer, CustomerListItem } from '@butler/contract/customers';
import { SALUTATION_LABELS, SALUTATIONS } from '@butler/contract/voice';
import {
  Loader,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCan } from '../../../app/permissions';
import { DateField } from '../../../components/date-field';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { useCustomer } from '../../../lib/back-office';
import { mailToast, useMailSetup } from '../../../lib/mail-setup';
import { notifySuccess } from '../../../lib/notify';
import { useSaveCustomer } from '../api/customers';
import { useSaveCustomerStaff } from '../api/staff';
import { BillingFields } from './billing-fields';
import { type CustomerValues, customerBody, customerProblems, customerStart, sameIds } from './customer-form-rules';
import { SendPasswordLinkButton } from './send-password-link-button';
import { StaffPicker } from './staff-picker';

/**
 * Create/edit a customer (SPEC §2, §5): password only required on create, code only on
 * create; plus the billing address invoices carry. Editing loads the full customer first
 * (the list rows have no address), so saving never clears it.
 */
export function CustomerFormDialog({
  opened,
  customer,
  onClose,
}: {
  opened: boolean;
  customer: CustomerListItem | Customer | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const editing = customer !== null;
  const save = useSaveCustomer();
  const mailSetup = useMailSetup().data;
  const saveStaff = useSaveCustomerStaff();
  const mayAssign = useCan()('customers.assign');
  const full = useCustomer(opened && customer ? customer.id : 0);
  const loaded = full.data && customer && full.data.id === customer.id ? full.data : null;
  const { form, error, setError } = useDialogForm({
    opened,
    initial: () => customerStart(loaded),
    validate: (values) => customerProblems(values, editing),
    deps: [loaded],
  });
  const values = form.values;
  const errors = form.errors as Record<string, string>;
  const input = (path: keyof CustomerValues & string) => form.getInputProps(path);

  const submit = form.onSubmit(
    async (v) => {
      setError(null);
      try {
        const saved = await save.mutateAsync({ id: customer?.id, body: customerBody(v, editing) });
        if (mayAssign && !sameIds(v.staff_ids, loaded?.staff.map((s) => s.id) ?? [])) {
          await saveStaff.mutateAsync({ id: saved.id, staff_ids: v.staff_ids });
        }
        notifySuccess(
          editing
            ? 'Kunde erfolgreich aktualisiert'
            : v.access === 'invitation'
              ? mailToast(
                  mailSetup,
                  `Kunde angelegt, Einladung an ${v.email.trim()} gesendet`,
                  `Kunde angelegt; Einladung an ${v.email.trim()}`,
                )
              : 'Kunde erfolgreich angelegt',
        );
        onClose();
      } catch (cause) {
        if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
        setError(errorText(cause, 'Fehler beim Speichern'));
      }
    },
    // Each field says what is wrong under it; no sentence for the whole form.
    () => setError(null),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Kunde bearbeiten' : 'Neuer Kunde'}
      fullScreen={phone}
      size="lg"
    >
      {editing && !loaded ? (
        <Loader size="sm" aria-label="Lade Kundendaten..." />
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack>
            <Select
              label="Anrede"
              description="Für förmliche Briefe: „Sehr geehrte Frau Gruber“"
              data={[
                { value: '', label: 'Keine Angabe' },
                ...SALUTATIONS.map((s) => ({ value: s, label: SALUTATION_LABELS[s] })),
              ]}
              {...input('salutation')}
              onChange={(value) => form.setFieldValue('salutation', (value ?? '') as CustomerValues['salutation'])}
              allowDeselect={false}
              maw={220}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Vorname" withAsterisk {...input('first_name')} data-autofocus />
              <TextInput label="Nachname" withAsterisk {...input('last_name')} />
            </SimpleGrid>
            <TextInput label="E-Mail" type="email" withAsterisk {...input('email')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Unternehmen" {...input('company')} />
              <TextInput label="Telefon" type="tel" {...input('phone')} />
            </SimpleGrid>
            <BillingFields
              values={values}
              set={(key, value) => form.setFieldValue(key, value as never)}
              errors={errors}
            />
            {mayAssign && (
              <StaffPicker
                value={values.staff_ids}
                onChange={(ids) => form.setFieldValue('staff_ids', ids)}
                current={loaded?.staff}
                error={errors.staff_ids}
              />
            )}
            <DateField
              label="Geburtsdatum"
              size="md"
              value={values.birthdate}
              onChange={(v) => form.setFieldValue('birthdate', v)}
              error={errors.birthdate}
            />
            {!editing && (
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  Zugang
                </Text>
                <SegmentedControl
                  value={values.access}
                  onChange={(v) => form.setFieldValue('access', v as CustomerValues['access'])}
                  data={[
                    { value: 'password', label: 'Selbst festlegen' },
                    { value: 'invitation', label: 'Einladung senden' },
                  ]}
                  aria-label="Zugang"
                />
              </Stack>
            )}
            {!editing && values.access === 'invitation' ? (
              <Text size="sm" c="dimmed" data-testid="invitation-hint">
                Der Kunde bekommt eine E-Mail mit einem Link, der 7 Tage gilt und nur einmal funktioniert, und legt sein
                Passwort selbst fest.
              </Text>
            ) : (
              <PasswordInput
                label={editing ? 'Neues Passwort' : 'Passwort'}
                withAsterisk={!editing}
                description={
                  editing
                    ? 'Leer lassen, um das Passwort nicht zu ändern'
                    : 'Mindestens 10 Zeichen, kein häufig verwendetes Passwort'
                }
                {...input('password')}
                autoComplete="new-password"
              />
            )}
            {editing && customer && <SendPasswordLinkButton customerId={customer.id} email={customer.email} />}
            {!editing && (
              <TextInput
                label="Empfehlungscode"
                description="Optional: Code des Kunden, der diesen Kunden empfohlen hat"
                value={values.referred_by_code}
                onChange={(e) => form.setFieldValue('referred_by_code', e.currentTarget.value.toUpperCase())}
                error={errors.referred_by_code}
              />
            )}
            {editing && (
              <Switch
                label="Konto aktiv"
                description="Deaktivierte Kunden können sich nicht anmelden."
                {...form.getInputProps('is_active', { type: 'checkbox' })}
              />
            )}
            <FormError message={error} />
            <DialogButtons busy={save.isPending || saveStaff.isPending} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
