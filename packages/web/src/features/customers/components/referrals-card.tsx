import type { Customer } from '@butler/contract/customers';
import type { CustomerReferralsResponse } from '@butler/contract/referrals';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash, IconUserPlus, IconUserShare } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatPercent, ReferralTier } from '../../../components/referral-tier';
import { ErrorState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCustomerReferrals, useRemoveReferral } from '../api/referrals';
import { AddReferralDialog } from './add-referral-dialog';
import { ReferralCodeButton } from './customers-list';

/** Given referrals shown before 'Alle anzeigen' (the card sits in a three-column grid). */
const FIRST = 5;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box miw={0} ta="right">
        {children}
      </Box>
    </Group>
  );
}

function GivenReferrals({ items }: { items: CustomerReferralsResponse['referrals'] }) {
  const [all, setAll] = useState(false);
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Noch keine Kunden empfohlen.
      </Text>
    );
  const shown = all ? items : items.slice(0, FIRST);
  return (
    <Stack gap={6} data-testid="given-referrals">
      {shown.map((r) => (
        <Group key={r.id} justify="space-between" gap="xs" wrap="nowrap">
          <Box miw={0}>
            <Anchor component={Link} to={`/admin/customers/${r.id}/view`} size="sm" fw={500} truncate display="block">
              {r.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              seit {formatDate(r.signup_date)}
            </Text>
          </Box>
          <Badge
            color={r.has_purchase ? 'teal' : 'gray'}
            variant="light"
            radius="sm"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {r.has_purchase ? 'Aktiv' : 'Noch kein Abo'}
          </Badge>
        </Group>
      ))}
      {items.length > FIRST && (
        <Button variant="subtle" size="compact-sm" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
          {all ? 'Weniger anzeigen' : `Alle anzeigen (${items.length})`}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Empfehlungen card of the admin customer view (SPEC §2): who referred this customer (with
 * add/remove), the own code, the discount and tier, and the customers this one referred.
 */
export function ReferralsCard({ customer }: { customer: Customer }) {
  const query = useCustomerReferrals(customer.id);
  const remove = useRemoveReferral(customer.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const data = query.data;

  return (
    <Card h="100%" data-testid="referrals-card">
      <Group gap="xs" mb="sm" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconUserShare size={20} aria-hidden color="var(--mantine-color-grape-6)" />
          <Title order={2} size="h4">
            Empfehlungen
          </Title>
        </Group>
        {data && data.referral_count > 0 && (
          <Badge variant="light" color="grape" radius="sm">
            {data.referral_stats.successful_referrals} von {data.referral_count} aktiv
          </Badge>
        )}
      </Group>
      {query.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Empfehlungen werden geladen" />
        </Center>
      ) : query.isError || !data ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="sm">
          <Stack gap={6}>
            <Row label="Empfohlen von">
              {data.referred_by ? (
                <Group gap={6} wrap="nowrap" justify="flex-end" data-testid="referred-by">
                  <Box miw={0} ta="right">
                    <Text size="sm" fw={500} truncate>
                      {data.referred_by.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {data.referred_by.referral_code}
                    </Text>
                  </Box>
                  <Tooltip label="Empfehlung entfernen" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Empfehlung von ${data.referred_by.name} entfernen`}
                      onClick={() => setRemoving(true)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ) : (
                <Text size="sm" fw={500} data-testid="referred-by">
                  Direkt registriert
                </Text>
              )}
            </Row>
            <Row label="Eigener Code">
              <ReferralCodeButton code={data.referral_code} />
            </Row>
            <Row label="Empfehlungsrabatt">
              <Text size="sm" fw={600} data-testid="referral-discount">
                {formatPercent(data.total_discount_percentage)}
                {!data.referral_program_enabled && ' (Programm pausiert)'}
              </Text>
            </Row>
          </Stack>
          {!data.referred_by && (
            <Button
              variant="light"
              color="grape"
              size="xs"
              leftSection={<IconUserPlus size={14} aria-hidden />}
              onClick={() => setAdding(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              Empfehlungsgeber hinzufügen
            </Button>
          )}
          <Divider />
          <ReferralTier info={data.next_tier_info} rRatio={data.r_ratio} showRatio />
          <Divider />
          <Text size="sm" fw={600}>
            Empfohlene Kunden
          </Text>
          <GivenReferrals items={data.referrals} />
        </Stack>
      )}
      <AddReferralDialog customer={customer} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={removing}
        title="Empfehlung entfernen"
        confirmLabel="Entfernen"
        message={
          <Stack gap={4} component="span">
            <span>Sind Sie sicher, dass Sie die Empfehlung entfernen möchten?</span>
            <span>
              {data?.referred_by?.name ?? 'Der Empfehlungsgeber'} verliert damit den Empfehlungsrabatt für{' '}
              {customer.name}; der Preis seines ButlerPakets wird neu berechnet.
            </span>
          </Stack>
        }
        errorFallback="Fehler beim Entfernen der Empfehlung"
        onConfirm={async () => {
          await remove.mutateAsync();
          notifySuccess('Empfehlung entfernt');
        }}
        onClose={() => setRemoving(false)}
      />
    </Card>
  );
}
