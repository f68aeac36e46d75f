import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const render = (Page: ComponentType) =>
  renderToStaticMarkup(
    <MantineProvider>
      <Page />
    </MantineProvider>,
  );

function Lounge() {
  return <h1>Zu Diensten, Maria.</h1>;
}

describe('a code-split page (decision 0415)', () => {
  it('shows the loading state until its code is there, then renders at once, without asking twice', async () => {
    const load = vi.fn(async () => ({ Lounge }));
    const Page = lazyPage(load, 'Lounge');
    expect(render(Page)).toContain('Lade Daten...');
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    const html = render(Page);
    expect(html).toContain('Zu Diensten, Maria.');
    expect(html).not.toContain('Lade Daten...');
  });

  it('tries the download again after it failed', async () => {
    const load = vi
      .fn<() => Promise<{ Lounge: typeof Lounge }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ Lounge });
    const Page = lazyPage(load, 'Lounge');
    await expect(Page.preload()).rejects.toThrow('Failed to fetch');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(render(Page)).toContain('Zu Diensten, Maria.');
  });
});
