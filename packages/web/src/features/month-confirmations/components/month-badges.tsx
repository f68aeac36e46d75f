import {
  MONTH_STATE_LABELS,
  type MonthState,
  QUESTION_STATE_LABELS,
  type QuestionState,
} from '@butler/contract/month-confirmation-texts';
import { Badge } from '@mantine/core';
import { MONTH_COLORS, QUESTION_COLORS } from './question-rules';

export const MonthStateBadge = ({ state }: { state: MonthState }) => (
  <Badge color={MONTH_COLORS[state]} variant="light" data-testid="month-state">
    {MONTH_STATE_LABELS[state]}
  </Badge>
);

export const QuestionStateBadge = ({ state }: { state: QuestionState }) => (
  <Badge color={QUESTION_COLORS[state]} variant="light" data-testid="question-state">
    Rückfrage: {QUESTION_STATE_LABELS[state]}
  </Badge>
);
