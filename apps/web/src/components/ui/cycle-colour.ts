import './cycle-colour.css';

/** SPEC's five-colour cycle of categories, species and services: item i gets colour (i mod 5) + 1. */
export const cycleColourClass = (index: number) => `cycle-colour-${(index % 5) + 1}`;
