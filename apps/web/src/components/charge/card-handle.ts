import type { CardPayment } from '@petshop/domain';
import type { ComponentType } from 'react';

/**
 * What the card form (features/payments' CardFields) hands over when the customer confirms: the card
 * as the PSP tokenized it in this browser. Declared here, outside any feature, because the checkout,
 * the plans and the packages screens all hold one and a feature may not import another.
 */
export interface CardHandle {
  /** Throws a pt-BR message when the card cannot be tokenized. */
  tokenize(): Promise<CardPayment>;
}

export interface CardFieldsProps {
  /** the amount charged, for the installments */
  amount: number;
  debit: boolean;
  onReady: (handle: CardHandle | undefined) => void;
  /** a saved card charged each cycle of a plan: one payment per cycle, no installments */
  recurring?: boolean | undefined;
}

/** The payment feature's card form, handed in where the features are composed (it loads on demand). */
export type CardFieldsComponent = ComponentType<CardFieldsProps>;
