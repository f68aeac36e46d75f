import { ActionIcon, Badge, Burger, Button, Group, Menu, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useOrdersBadge } from '../../features/orders/api/orders-badge';
import { SETTINGS_PERMISSIONS, useCan } from '../permissions';
import classes from './top-bar.module.css';

/** The highlighted section in the owner's accent (decision 0635; its contrast to navy is checked when saved). */
const ACCENT = { background: 'var(--brand-accent, var(--mantine-color-gold-4))' };

const ADMIN_SECTIONS = [
  { label: 'KUNDEN', to: '/admin/customers', prefix: '/admin/customer', permission: 'customers.read' },
  { label: 'AUFTRÄGE', to: '/admin/auftraege', prefix: '/admin/auftraege', permission: 'orders.read' },
  { label: 'TERMINE', to: '/admin/termine', prefix: '/admin/termine', permission: 'visits.read' },
  { label: 'WIKI', to: '/admin/wiki', prefix: '/admin/wiki', permission: 'wiki.read' },
  { label: 'QUICKBILL', to: '/admin/quickbill', prefix: '/admin/quickbill', permission: 'invoices.read' },
] as const;

/** The sections and the settings a staff member's role includes (decision 0540). */
function useSections() {
  const can = useCan();
  return {
    sections: ADMIN_SECTIONS.filter((section) => can(section.permission)),
    settings: SETTINGS_PERMISSIONS.some(can),
  };
}

/** "3 neue": the count of new Aufträge beside the section's name. */
function NewOrdersBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} ml={6} aria-label={`${count} neue`} data-testid="orders-badge">
      {count}
    </Badge>
  );
}

/** Admin sections of the top bar (lazy: customers never load it), highlighted by path prefix. */
export function AdminNav() {
  const { pathname } = useLocation();
  const { sections, settings } = useSections();
  const newOrders = useOrdersBadge();
  const settingsActive = pathname.startsWith('/admin/settings');
  return (
    // One row at 1280 px with five sections (AUFTRÄGE, decision 0810; TERMINE, 0841): narrower
    // buttons, and the search shows its word only from 1440 px on (top-bar.module.css).
    <Group gap={2} component="nav" aria-label="Hauptnavigation" wrap="nowrap">
      {sections.map((section) => {
        const active = pathname.startsWith(section.prefix);
        return (
          <Button
            key={section.to}
            component={Link}
            to={section.to}
            variant={active ? 'filled' : 'subtle'}
            color={active ? 'gold.4' : 'gray'}
            c={active ? 'navy.9' : 'white'}
            style={active ? ACCENT : undefined}
            aria-current={active ? 'page' : undefined}
            className={classes.section}
            px={10}
          >
            {section.label}
            {section.to === '/admin/auftraege' && <NewOrdersBadge count={newOrders} />}
          </Button>
        );
      })}
      {settings && (
        <Tooltip label="Einstellungen">
          <ActionIcon
            component={Link}
            to="/admin/settings"
            variant={settingsActive ? 'filled' : 'subtle'}
            color={settingsActive ? 'gold.4' : 'gray'}
            c={settingsActive ? 'navy.9' : 'white'}
            style={settingsActive ? ACCENT : undefined}
            size="lg"
            aria-label="Einstellungen"
            aria-current={settingsActive ? 'page' : undefined}
          >
            <IconSettings size={20} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** Phones: the admin sections collapse into a menu (UI.md). */
export function AdminPhoneMenu({ userName, onLogout }: { userName: string; onLogout: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { sections, settings } = useSections();
  const newOrders = useOrdersBadge();
  const [opened, menu] = useDisclosure(false);
  return (
    <Menu opened={opened} onChange={menu.toggle} position="bottom-end" width={220}>
      <Menu.Target>
        <Burger opened={opened} color="white" size="sm" aria-label="Menü öffnen" />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{userName}</Menu.Label>
        {sections.map((section) => (
          <Menu.Item
            key={section.to}
            onClick={() => navigate(section.to)}
            fw={pathname.startsWith(section.prefix) ? 700 : 400}
          >
            {section.label}
            {section.to === '/admin/auftraege' && <NewOrdersBadge count={newOrders} />}
          </Menu.Item>
        ))}
        {settings && (
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/admin/settings')}>
            Einstellungen
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => navigate('/admin/account')}>
          Konto & Sicherheit
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={onLogout}>
          Abmelden
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
