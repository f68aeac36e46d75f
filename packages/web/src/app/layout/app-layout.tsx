import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { SessionTimeout } from './session-timeout';
import { TopBar } from './top-bar';

/** Logged-in pages: top bar, centred content, inactivity dialog. */
export function AppLayout() {
  return (
    <>
      <TopBar />
      <Box component="main" id="main" maw={1200} mx="auto" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
        <Outlet />
      </Box>
      <SessionTimeout />
    </>
  );
}
