import type { ComponentType } from 'react';
import type { IconProps } from '../../components/ui/icons';

export interface NavItem {
  to: string;
  label: string;
  /** Shown instead of the label (the label becomes its accessible name). */
  icon?: ComponentType<IconProps>;
}
