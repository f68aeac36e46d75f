import { ActionIcon, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { TimeEntryHotkey } from '../../features/timer/time-entry-hotkey';
import { DEFAULT_BRAND_NAME, useBrand } from '../../lib/brand';
import { usePhone } from '../../lib/use-phone';
import { useCan, useHome } from '../permissions';
import { useSession } from '../session-context';
import classes from './top-bar.module.css';
import { useScrolledPast } from './use-scrolled-past';

const AdminNav = lazy(async () => ({ default: (await import('./admin-nav')).AdminNav }));
const StaffTimeTools = lazy(async () => ({
  default: (await import('../../features/time-entries/staff-time-tools')).StaffTimeTools,
}));
const SearchButton = lazy(async () => ({ default: (await import('./search-button')).SearchButton }));
const AdminPhoneMenu = lazy(async () => ({ default: (await import('./admin-nav')).AdminPhoneMenu }));

/** SPEC §2 top bar: logo to the role's dashboard, admin sections, name, 'Abmelden'; fixed after 20 px. */
export function TopBar() {
  const { user, userType, logout } = useSession();
  const [marker, fixed] = useScrolledPast<HTMLDivElement>();
  const phone = usePhone();
  const brand = useBrand();
  const isAdmin = userType === 'admin';
  const staffHome = useHome();
  const can = useCan();
  const home = isAdmin ? staffHome : '/customer/dashboard';

  return (
    <>
      {/* 20 px down the page: the bar is fixed once this has scrolled out of view (SPEC §2). */}
      <div ref={marker} className={classes.scrollMarker} aria-hidden />
      {/* Keeps the content from jumping when the bar becomes fixed. */}
      <div className={classes.placeholder} data-fixed={fixed || undefined} />
      <header className={classes.bar} data-fixed={fixed || undefined} data-testid="top-bar">
        <div className={classes.inner}>
          <UnstyledButton
            component={Link}
            to={home}
            aria-label={`${brand.name ?? DEFAULT_BRAND_NAME} – zur Startseite`}
            className={classes.logo}
          >
            <BrandMark size={phone ? 'sm' : 'md'} />
          </UnstyledButton>

          {isAdmin && !phone && (
            <Suspense fallback={null}>
              <AdminNav />
            </Suspense>
          )}

          <Group gap="sm" wrap="nowrap" className={classes.right}>
            {isAdmin && (
              <Suspense fallback={null}>
                <SearchButton />
              </Suspense>
            )}
            {isAdmin && can('time_entries.book') && (
              <>
                <TimeEntryHotkey />
                <Suspense fallback={null}>
                  <StaffTimeTools phone={phone} />
                </Suspense>
              </>
            )}
            {!phone && isAdmin && (
              <UnstyledButton component={Link} to="/admin/account" className={classes.user} title="Konto & Sicherheit">
                <Text c="white" fw={500} size="sm" truncate maw={220} data-testid="top-bar-user">
                  {user?.name}
                </Text>
              </UnstyledButton>
            )}
            {!phone && !isAdmin && (
              <Text c="white" fw={500} size="sm" truncate maw={220} data-testid="top-bar-user">
                {user?.name}
              </Text>
            )}
            {!isAdmin &&
              (phone ? (
                <ActionIcon
                  component={Link}
                  to="/customer/account"
                  variant="subtle"
                  c="white"
                  size="lg"
                  aria-label="Mein Konto"
                >
                  <IconUserCircle size={22} />
                </ActionIcon>
              ) : (
                <Button
                  component={Link}
                  to="/customer/account"
                  variant="subtle"
                  c="white"
                  leftSection={<IconUserCircle size={16} />}
                >
                  Mein Konto
                </Button>
              ))}
            {isAdmin && phone ? (
              <Suspense fallback={null}>
                <AdminPhoneMenu userName={user?.name ?? ''} onLogout={() => void logout()} />
              </Suspense>
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
