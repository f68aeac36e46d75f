import { Typography } from '@mantine/core';

/**
 * Entry content as HTML. Safe to inject only because the server sanitises every stored
 * content with an allow-list (no scripts, event handlers, javascript:/data: URLs;
 * modules/wiki/sanitize.ts) before it is saved; never pass client-made HTML here.
 */
export function HtmlContent({ html }: { html: string }) {
  return (
    <Typography
      fz="sm"
      style={{ overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
