import { foldText } from '@petshop/domain';
import type { ReactNode } from 'react';

interface SpeciesIconProps {
  name: string;
  size?: number;
}

/** Line drawings for the seven species SPEC names, keyed by the folded name ('Pássaro' -> 'passaro'). */
const drawings: Record<string, ReactNode> = {
  cachorro: (
    <>
      <path d="M7 8c0-2.2 2.2-4 5-4s5 1.8 5 4v5c0 3.3-2.2 6-5 6s-5-2.7-5-6Z" />
      <path d="M7 8 3.5 6.5v6L7 14M17 8l3.5-1.5v6L17 14" />
      <circle cx="10" cy="11" r="0.8" fill="currentColor" />
      <circle cx="14" cy="11" r="0.8" fill="currentColor" />
      <path d="M11 15h2l-1 1Z" />
    </>
  ),
  gato: (
    <>
      <path d="M5 4l3.5 4h7L19 4v9c0 3.9-3.1 7-7 7s-7-3.1-7-7Z" />
      <circle cx="9.5" cy="12" r="0.8" fill="currentColor" />
      <circle cx="14.5" cy="12" r="0.8" fill="currentColor" />
      <path d="M11 15h2l-1 1ZM2 14h5M2.5 17 7 15.5M22 14h-5M21.5 17 17 15.5" />
    </>
  ),
  coelho: (
    <>
      <path d="M9.5 10.5V4a1.2 1.2 0 0 1 2.4 0v6M12.1 10V4a1.2 1.2 0 0 1 2.4 0v6.5" />
      <circle cx="12" cy="15" r="5.5" />
      <circle cx="10" cy="14" r="0.8" fill="currentColor" />
      <circle cx="14" cy="14" r="0.8" fill="currentColor" />
      <path d="M11.2 16.5h1.6l-.8.8Z" />
    </>
  ),
  peixe: (
    <>
      <path d="M6 12c2-4 5.5-6 9-6 3 0 5.5 3 7 6-1.5 3-4 6-7 6-3.5 0-7-2-9-6Z" />
      <path d="M6 12 2 8v8Z" />
      <circle cx="17" cy="11" r="0.8" fill="currentColor" />
      <path d="M12 9c1 2 1 4 0 6" />
    </>
  ),
  passaro: (
    <>
      <circle cx="10" cy="11" r="5" />
      <path d="m15 10 4.5 1.5L15 13M5.5 13 2 16h5.5M9 16v4M12 16v4" />
      <circle cx="11.5" cy="9.5" r="0.8" fill="currentColor" />
      <path d="M7 12c1 1.5 3 2 4.5 1" />
    </>
  ),
  reptil: (
    <>
      <path d="M3.5 15c0-4.7 3.8-8 8.5-8s8.5 3.3 8.5 8Z" />
      <path d="M8 15l2-4h4l2 4M6 15v3M10 15v3M14 15v3M18 15v3M3.5 15 2 16.5" />
      <path d="M20.5 13.5c.5-1.5 2.5-1.5 2.5 0 0 1.2-1.3 1.7-2.5 1.5" />
    </>
  ),
  hamster: (
    <>
      <ellipse cx="12" cy="14" rx="8" ry="6" />
      <circle cx="6.5" cy="8.5" r="2" />
      <circle cx="17.5" cy="8.5" r="2" />
      <circle cx="9.5" cy="13" r="0.8" fill="currentColor" />
      <circle cx="14.5" cy="13" r="0.8" fill="currentColor" />
      <path d="M11.2 15.5h1.6l-.8.8ZM6 16.5h1.5M16.5 16.5H18" />
    </>
  ),
};

/** A species' icon, matched case- and accent-insensitively; other names get none. */
export function SpeciesIcon({ name, size = 32 }: SpeciesIconProps) {
  const drawing = drawings[foldText(name.trim())];
  if (!drawing) return null;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {drawing}
    </svg>
  );
}
