import type { CSSProperties } from 'react';
import './skeleton.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  variant?: 'block' | 'text' | 'circle';
  className?: string;
}

/** A grey placeholder shaped like the content that is loading; hidden from assistive technology. */
export function Skeleton({ width = '100%', height, variant = 'block', className }: SkeletonProps) {
  const classes = ['skeleton', `skeleton--${variant}`, className ?? ''].filter(Boolean).join(' ');
  return <span className={classes} style={{ width, height }} aria-hidden="true" />;
}
