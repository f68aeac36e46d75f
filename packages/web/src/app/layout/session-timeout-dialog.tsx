import { Button, Group, Modal, Text } from '@mantine/core';
import { useLoungeTexts } from '../lounge-voice';
import { useSession } from '../session-context';

export function formatCountdown(seconds: number) {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** SPEC §4/§9: 'Session läuft ab' with the m:ss countdown and the two choices. */
export function SessionTimeoutDialog({
  opened,
  secondsLeft,
  onExtend,
  onLogout,
}: {
  opened: boolean;
  secondsLeft: number;
  onExtend: () => void;
  onLogout: () => void;
}) {
  // Customers in their form of address (decision 0620), staff always "Sie".
  const customer = useSession().userType === 'customer';
  const lounge = useLoungeTexts();
  return (
    <Modal opened={opened} onClose={onExtend} title="Session läuft ab" closeOnClickOutside={false} size="md">
      <Text>
        {customer
          ? lounge.idleWarning
          : 'Sie waren eine Weile inaktiv. Aus Sicherheitsgründen werden Sie automatisch abgemeldet in'}
      </Text>
      <Text
        fz={40}
        fw={700}
        ta="center"
        my="md"
        c="navy.9"
        aria-live="polite"
        aria-atomic="true"
        data-testid="session-countdown"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatCountdown(secondsLeft)}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onLogout}>
          Jetzt abmelden
        </Button>
        <Button onClick={onExtend} data-autofocus>
          Session verlängern
        </Button>
      </Group>
    </Modal>
  );
}
