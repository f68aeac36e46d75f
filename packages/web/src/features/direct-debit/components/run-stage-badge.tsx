import { RUN_STAGE_LABELS, type Run } from '@butler/contract/direct-debit';
import { Badge } from '@mantine/core';

/**
 * A run's state in words (decision 0722): what the bank settled once it did, else where the
 * file is — written, downloaded, handed to the bank — or discarded.
 */
export function RunStageBadge({ run }: { run: Run }) {
  const badge = (color: string, text: string) => (
    <Badge
      color={color}
      variant="light"
      style={{ textTransform: 'none', whiteSpace: 'normal', height: 'auto', maxWidth: '100%' }}
    >
      {text}
    </Badge>
  );
  if (run.stage === 'discarded') return badge('gray', RUN_STAGE_LABELS.discarded);
  if (run.returned > 0) return badge('red', `${run.returned} zurück`);
  if (run.collected > 0 && run.collected === run.item_count) return badge('teal', 'Eingezogen');
  if (run.collected > 0) return badge('teal', `${run.collected} von ${run.item_count} eingezogen`);
  const colors = { created: 'orange', downloaded: 'yellow', at_bank: 'blue' } as const;
  return badge(colors[run.stage], RUN_STAGE_LABELS[run.stage]);
}
