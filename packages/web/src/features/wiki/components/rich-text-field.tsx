import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';

// Fetched on first use only: tiptap is large and only staff editing an entry need it.
const Editor = lazy(() => import('./rich-text-editor'));

/** Labelled rich-text input (labels above, required mark, error under the field). */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: boolean | string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <Input.Wrapper label={label} withAsterisk={required} error={error} labelProps={{ id: `${id}-label` }}>
      <Suspense fallback={<Skeleton h={210} radius="md" aria-label="Editor wird geladen" />}>
        <Editor value={value} onChange={onChange} labelledBy={`${id}-label`} invalid={!!error} />
      </Suspense>
    </Input.Wrapper>
  );
}
