import { ActionIcon, Burger, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { useSession } from '../session-context';
import classes from './top-bar.module.css';

const ADMIN_SECTIONS = [
  { label: 'KUNDEN', to: '/admin/customers', prefix: '/admin/customer' },
  { label: 'WIKI', to: '/admin/wiki', prefix: '/admin/wiki' },
  { label: 'QUICKBILL', to: '/admin/quickbill', prefix: '/admin/quickbill' },
] as const;

/** SPEC §2 top bar: logo to the role's dashboard, admin sections, name, 'Abmelden'; fixed after 20 px. */
export function TopBar() {
  const { user, userType, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [scroll] = useWindowScroll();
  const phone = useMediaQuery('(max-width: 48em)');
  const [menuOpen, menu] = useDisclosure(false);
  const fixed = scroll.y > 20;
  const isAdmin = userType === 'admin';
  const home = isAdmin ? '/admin/dashboard' : '/customer/dashboard';

  return (
    <>
      {/* Keeps the content from jumping when the bar becomes fixed. */}
      <div className={classes.placeholder} data-fixed={fixed || undefined} />
      <header className={classes.bar} data-fixed={fixed || undefined}>
        <div className={classes.inner}>
          <UnstyledButton component={Link} to={home} aria-label="Zur Startseite" className={classes.logo}>
            <BrandMark size={phone ? 'sm' : 'md'} />
          </UnstyledButton>

          {isAdmin && !phone && (
            <Group gap={4} component="nav" aria-label="Hauptnavigation">
              {ADMIN_SECTIONS.map((section) => {
                const active = pathname.startsWith(section.prefix);
                return (
                  <Button
                    key={section.to}
                    component={Link}
                    to={section.to}
                    variant={active ? 'filled' : 'subtle'}
                    color={active ? 'gold' : 'gray'}
                    c={active ? 'navy.9' : 'white'}
                    aria-current={active ? 'page' : undefined}
                    className={classes.section}
                  >
                    {section.label}
                  </Button>
                );
              })}
              <Tooltip label="Einstellungen">
                <ActionIcon
                  component={Link}
                  to="/admin/settings"
                  variant={pathname.startsWith('/admin/settings') ? 'filled' : 'subtle'}
                  color={pathname.startsWith('/admin/settings') ? 'gold' : 'gray'}
                  c={pathname.startsWith('/admin/settings') ? 'navy.9' : 'white'}
                  size="lg"
                  aria-label="Einstellungen"
                >
                  <IconSettings size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}

          <Group gap="sm" wrap="nowrap" className={classes.right}>
            {!phone && (
              <Text c="white" fw={500} size="sm" truncate maw={220} data-testid="top-bar-user">
                {user?.name}
              </Text>
            )}
            {isAdmin && phone ? (
              <Menu opened={menuOpen} onChange={menu.toggle} position="bottom-end" width={220}>
                <Menu.Target>
                  <Burger opened={menuOpen} color="white" size="sm" aria-label="Menü öffnen" />
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{user?.name}</Menu.Label>
                  {ADMIN_SECTIONS.map((section) => (
                    <Menu.Item
                      key={section.to}
                      onClick={() => navigate(section.to)}
                      fw={pathname.startsWith(section.prefix) ? 700 : 400}
                    >
                      {section.label}
                    </Menu.Item>
                  ))}
                  <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/admin/settings')}>
                    Einstellungen
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void logout()}>
                    Abmelden
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : (
              <Button
                variant="outline"
                color="gray.0"
                c="white"
                leftSection={<IconLogout size={16} />}
                onClick={() => void logout()}
                size={phone ? 'compact-sm' : 'sm'}
              >
                Abmelden
              </Button>
            )}
          </Group>
        </div>
      </header>
    </>
  );
}
