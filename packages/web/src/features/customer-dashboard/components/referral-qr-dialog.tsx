import { ActionIcon, Box, Button, Center, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandWhatsapp, IconCopy, IconLink, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { apiRequest } from '../../../lib/api-client';
import { copyToClipboard } from '../../../lib/notify';

type QrCode = {
  qr_code: string;
  mailto_link: string;
  referral_code: string;
  invite_url: string;
  whatsapp_link: string;
};

/** SPEC §9: the overlay shows the QR image at 200 px. */
const QR_SIZE = 200;

/**
 * Referral QR overlay: the QR code (a link to the friend's page, decision 0760), the code
 * itself with copy, the referral e-mail as a mailto link, WhatsApp and the link to copy (no
 * server call). Loaded only when opened; a failure is only logged (SPEC §7).
 */
export function ReferralQrDialog({
  customerId,
  opened,
  onClose,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const t = useLoungeTexts();
  const qr = useQuery({
    queryKey: ['referral-qr-code', customerId],
    queryFn: ({ signal }) => apiRequest<QrCode>(`/api/customers/${customerId}/qr-code`, { signal }),
    enabled: opened,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (qr.isError) console.error('QR-Code konnte nicht geladen werden', qr.error);
  }, [qr.isError, qr.error]);

  return (
    <Modal opened={opened} onClose={onClose} title={t.qrTitle} fullScreen={phone}>
      <Stack align="center" gap="md" data-testid="referral-qr-dialog">
        <Text size="sm" c="dimmed" ta="center">
          {t.qrIntro}
        </Text>
        {qr.isPending ? (
          <Center h={QR_SIZE}>
            <Loader color="gold" aria-label="QR-Code wird geladen" />
          </Center>
        ) : qr.isError ? (
          <Text c="dimmed" ta="center" py="xl">
            Der QR-Code ist gerade nicht verfügbar. Bitte versuche es später noch einmal.
          </Text>
        ) : (
          <>
            <Box p="xs" bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}>
              <img
                src={qr.data.qr_code}
                width={QR_SIZE}
                height={QR_SIZE}
                alt={t.qrAlt(qr.data.referral_code)}
                style={{ display: 'block' }}
                data-testid="referral-qr-image"
              />
            </Box>
            <Stack gap={2} align="center">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.08em' }}>
                Empfehlungscode
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text
                  ff="monospace"
                  fz={30}
                  fw={700}
                  c="navy.9"
                  data-testid="referral-qr-code"
                  style={{ letterSpacing: '0.08em' }}
                >
                  {qr.data.referral_code}
                </Text>
                <Tooltip label="Code kopieren" withArrow>
                  <ActionIcon
                    variant="light"
                    color="gold"
                    size="lg"
                    aria-label="Empfehlungscode kopieren"
                    onClick={() =>
                      void copyToClipboard(
                        qr.data.referral_code,
                        'Empfehlungscode kopiert!',
                        'Code konnte nicht kopiert werden',
                      )
                    }
                  >
                    <IconCopy size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Stack>
            <Button
              component="a"
              href={qr.data.mailto_link}
              color="gold"
              c="navy.9"
              radius="xl"
              fullWidth
              leftSection={<IconMail size={18} aria-hidden />}
            >
              Per E-Mail empfehlen
            </Button>
            <Button
              component="a"
              href={qr.data.whatsapp_link}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              radius="xl"
              fullWidth
              leftSection={<IconBrandWhatsapp size={18} color="var(--mantine-color-teal-8)" aria-hidden />}
            >
              Per WhatsApp teilen
            </Button>
            <Button
              variant="subtle"
              color="navy"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() =>
                void copyToClipboard(qr.data.invite_url, 'Link kopiert!', 'Link konnte nicht kopiert werden')
              }
            >
              Link kopieren
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
