import { Icon, type IconProps } from '../../components/ui/icons';

/** Bars of a chart, for the dashboard's card; kept here so the shared icon set stays as the shop loads it. */
export const ChartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 3v18h18" />
    <path d="M7 16v-4M12 16V8M17 16v-7" />
  </Icon>
);
