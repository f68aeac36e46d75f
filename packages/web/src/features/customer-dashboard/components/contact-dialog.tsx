import type { CustomerDashboard } from '@butler/contract/dashboard';
import { Group, Modal, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandWhatsapp, IconChevronRight, IconMail, IconMessage, IconPhone } from '@tabler/icons-react';
import { useLoungeTexts } from '../../../app/lounge-voice';
import classes from './contact-dialog.module.css';
import { type ContactLink, contactLinks } from './contact-links';

const ICONS: Record<ContactLink['key'], { icon: typeof IconMail; color: string }> = {
  mail: { icon: IconMail, color: 'navy' },
  whatsapp: { icon: IconBrandWhatsapp, color: 'teal' },
  sms: { icon: IconMessage, color: 'blue' },
  phone: { icon: IconPhone, color: 'gold' },
};

/** 'Mein BUTLER': how to reach the provider (mailto, WhatsApp, SMS, phone). */
export function ContactDialog({
  contact,
  opened,
  onClose,
}: {
  contact: CustomerDashboard['contact'];
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const links = contactLinks(contact);
  const t = useLoungeTexts();
  return (
    <Modal opened={opened} onClose={onClose} title="Mein BUTLER" fullScreen={phone}>
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          {t.contactIntro(contact.company_name || 'Mein BUTLER')}
        </Text>
        {links.length === 0 ? (
          <Text size="sm">Die Kontaktdaten werden gerade eingerichtet.</Text>
        ) : (
          links.map((link) => {
            const { icon: Icon, color } = ICONS[link.key];
            const external = link.key === 'whatsapp';
            return (
              <UnstyledButton
                key={link.key}
                component="a"
                href={link.href}
                target={external ? '_blank' : undefined}
                rel={external ? 'noopener noreferrer' : undefined}
                className={classes.link}
              >
                <Group wrap="nowrap" gap="md">
                  <ThemeIcon variant="light" color={color} size={42} radius="xl">
                    <Icon size={22} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={0} miw={0} style={{ flex: 1 }}>
                    <Text fw={600}>{link.label}</Text>
                    <Text size="sm" c="dimmed" truncate>
                      {link.detail}
                    </Text>
                  </Stack>
                  <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
                </Group>
              </UnstyledButton>
            );
          })
        )}
      </Stack>
    </Modal>
  );
}
