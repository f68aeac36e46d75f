import {
  type Customer,
  type CustomerListItem,
  DEFAULT_BIRTHDATE,
  zCustomerCreate,
  zCustomerUpdate,
} from '@butler/contract/customers';
import {
  Loader,
  Modal,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useCan } from '../../../app/permissions';
import { DateField } from '../../../components/date-field';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCustomer, useSaveCustomer } from '../api/customers';
import { useSaveCustomerStaff } from '../api/staff';
import { BillingFields, type BillingValues, emptyBilling } from './billing-fields';
import { SendPasswordLinkButton } from './send-password-link-button';
import { StaffPicker } from './staff-picker';

type Values = BillingValues & {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  phone: string;
  birthdate: string | null;
  password: string;
  /** Create only: "Einladung senden" instead of typing a password. */
  access: 'password' | 'invitation';
  referred_by_code: string;
  is_active: boolean;
  /** "Betreuer" (saved with its own call, by who may assign). */
  staff_ids: number[];
};

const empty: Values = {
  ...emptyBilling,
  first_name: '',
  last_name: '',
  email: '',
  company: '',
  phone: '',
  birthdate: DEFAULT_BIRTHDATE,
  password: '',
  access: 'password',
  referred_by_code: '',
  is_active: true,
  staff_ids: [],
};

function fromCustomer(c: Customer): Values {
  return {
    ...empty,
    street: c.street ?? '',
    postal_code: c.postal_code ?? '',
    city: c.city ?? '',
    country: c.country,
    uid: c.uid ?? '',
    is_business: c.is_business,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    company: c.company ?? '',
    phone: c.phone ?? '',
    birthdate: c.birthdate,
    is_active: c.is_active,
    staff_ids: c.staff.map((s) => s.id),
  };
}

const sameIds = (a: number[], b: number[]) => [...a].sort().join() === [...b].sort().join();

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
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCustomer();
  const saveStaff = useSaveCustomerStaff();
  const mayAssign = useCan()('customers.assign');
  const full = useCustomer(opened && customer ? customer.id : 0);
  const loaded = full.data && customer && full.data.id === customer.id ? full.data : null;

  useEffect(() => {
    if (!opened) return;
    setValues(loaded ? fromCustomer(loaded) : empty);
    setErrors({});
    setError(null);
  }, [opened, loaded]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    setError(null);
    const billing = {
      street: values.street,
      postal_code: values.postal_code,
      city: values.city,
      country: values.country,
      uid: values.uid,
      is_business: values.is_business,
    };
    const body = editing
      ? {
          ...billing,
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          company: values.company,
          phone: values.phone,
          birthdate: values.birthdate,
          password: values.password,
          is_active: values.is_active,
        }
      : {
          ...billing,
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          company: values.company,
          phone: values.phone,
          birthdate: values.birthdate,
          password: values.access === 'invitation' ? '' : values.password,
          send_invitation: values.access === 'invitation',
          referred_by_code: values.referred_by_code,
        };
    const parsed = (editing ? zCustomerUpdate : zCustomerCreate).safeParse(body);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key && !fieldErrors[key]) fieldErrors[key] = issue.message;
      }
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: customer?.id, body });
      if (mayAssign && !sameIds(values.staff_ids, loaded?.staff.map((s) => s.id) ?? [])) {
        await saveStaff.mutateAsync({ id: saved.id, staff_ids: values.staff_ids });
      }
      notifySuccess(
        editing
          ? 'Kunde erfolgreich aktualisiert'
          : values.access === 'invitation'
            ? `Kunde angelegt, Einladung an ${values.email.trim()} gesendet`
            : 'Kunde erfolgreich angelegt',
      );
      onClose();
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) setErrors(cause.details);
      setError(errorText(cause, 'Fehler beim Speichern'));
    }
  };

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
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Vorname"
                withAsterisk
                value={values.first_name}
                onChange={(e) => set('first_name', e.currentTarget.value)}
                error={errors.first_name}
                data-autofocus
              />
              <TextInput
                label="Nachname"
                withAsterisk
                value={values.last_name}
                onChange={(e) => set('last_name', e.currentTarget.value)}
                error={errors.last_name}
              />
            </SimpleGrid>
            <TextInput
              label="E-Mail"
              type="email"
              withAsterisk
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={errors.email}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Unternehmen"
                value={values.company}
                onChange={(e) => set('company', e.currentTarget.value)}
                error={errors.company}
              />
              <TextInput
                label="Telefon"
                type="tel"
                value={values.phone}
                onChange={(e) => set('phone', e.currentTarget.value)}
                error={errors.phone}
              />
            </SimpleGrid>
            <BillingFields
              values={values}
              set={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
              errors={errors}
            />
            {mayAssign && (
              <StaffPicker
                value={values.staff_ids}
                onChange={(ids) => set('staff_ids', ids)}
                current={loaded?.staff}
                error={errors.staff_ids}
              />
            )}
            <DateField
              label="Geburtsdatum"
              size="md"
              value={values.birthdate}
              onChange={(v) => set('birthdate', v)}
              error={errors.birthdate}
            />
            {!editing && (
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  Zugang
                </Text>
                <SegmentedControl
                  value={values.access}
                  onChange={(v) => set('access', v as Values['access'])}
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
                value={values.password}
                onChange={(e) => set('password', e.currentTarget.value)}
                error={errors.password}
                autoComplete="new-password"
              />
            )}
            {editing && customer && <SendPasswordLinkButton customerId={customer.id} email={customer.email} />}
            {!editing && (
              <TextInput
                label="Empfehlungscode"
                description="Optional: Code des Kunden, der diesen Kunden empfohlen hat"
                value={values.referred_by_code}
                onChange={(e) => set('referred_by_code', e.currentTarget.value.toUpperCase())}
                error={errors.referred_by_code}
              />
            )}
            {editing && (
              <Switch
                label="Konto aktiv"
                description="Deaktivierte Kunden können sich nicht anmelden."
                checked={values.is_active}
                onChange={(e) => set('is_active', e.currentTarget.checked)}
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
