import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Deep navy with a warm gold accent: a calm back office and a premium lounge.
const navy: MantineColorsTuple = [
  '#eef3f9',
  '#dbe4ef',
  '#b3c6dd',
  '#88a6cb',
  '#648bbc',
  '#4d7ab3',
  '#4071b0',
  '#32609b',
  '#29558b',
  '#1c3d5a',
];
const gold: MantineColorsTuple = [
  '#fdf8e9',
  '#f7eed3',
  '#efdba3',
  '#e7c770',
  '#e0b746',
  '#dcac2c',
  '#d9a71d',
  '#c09210',
  '#ab8105',
  '#946f00',
];

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 8, dark: 6 },
  colors: { navy, gold },
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: {
    fontFamily: 'Georgia, "Times New Roman", "DejaVu Serif", serif',
    fontWeight: '600',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg', shadow: 'xs' } },
    Button: { defaultProps: { radius: 'md' } },
    Modal: {
      defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/** Colours with a meaning (UI.md): used by rings, badges and balances. */
export const MEANING_COLORS = {
  subscription: 'blue',
  hourPackage: 'orange',
  positive: 'teal',
  negative: 'red',
  neutral: 'gray',
  amber: 'yellow',
} as const;
