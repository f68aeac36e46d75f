import { getThemeColor, useMantineTheme } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './ring.module.css';

/**
 * A single-section progress ring with rounded caps and a centred label, drawn like
 * Mantine's RingProgress. The lounge uses this one because RingProgress brings Mantine's
 * floating tooltips (and @floating-ui, ~16 KB gzip) into the customer's first load.
 */
export function Ring({
  size,
  thickness,
  value,
  color,
  label,
}: {
  size: number;
  thickness: number;
  /** Filled share in percent; clamped to 0–100. */
  value: number;
  /** A theme colour ('blue') or any CSS colour. */
  color: string;
  label: ReactNode;
}) {
  const theme = useMantineTheme();
  const radius = (size * 0.9 - thickness * 2) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.min(100, Math.max(0, value)) / 100) * circumference;
  const centre = size / 2;
  return (
    <div className={classes.root} style={{ width: size, height: size }}>
      <svg className={classes.svg} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
        <circle
          cx={centre}
          cy={centre}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-gray-1)"
          strokeWidth={thickness}
        />
        {filled > 0 && (
          <circle
            className={classes.curve}
            cx={centre}
            cy={centre}
            r={radius}
            fill="none"
            stroke={getThemeColor(color, theme)}
            strokeWidth={thickness}
            strokeLinecap="round"
            strokeDasharray={`${filled} ${circumference}`}
          />
        )}
      </svg>
      <div className={classes.label} style={{ insetInline: thickness * 2 }}>
        {label}
      </div>
    </div>
  );
}
