import { Outlet } from 'react-router';
import classes from './app-layout.module.css';
import { SessionTimeout } from './session-timeout';
import { TopBar } from './top-bar';

/** Logged-in pages: top bar, centred content, inactivity dialog. */
export function AppLayout() {
  return (
    <>
      <TopBar />
      <main id="main" className={classes.main}>
        <Outlet />
      </main>
      <SessionTimeout />
    </>
  );
}
