import './service-colour.css';

/** The five-colour cycle of SPEC: service i gets colour (i mod 5) + 1. */
export const serviceColourClass = (index: number) => `service-colour-${(index % 5) + 1}`;
