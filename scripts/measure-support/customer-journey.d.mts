/** See customer-journey.mjs. */
import type { Page } from 'playwright-core';

export type Step = string[];
export interface CustomerShop {
  session: {
    token: string;
    user: { id: number; name: string; email: string; cpf: string; phone: string; role: string };
  };
  values: Record<'order' | 'pet' | 'petName' | 'packageName' | 'planName', string>;
}
export function customerShop(base: string, admin: { email: string; password: string }): Promise<CustomerShop>;
export function fill(text: string, values: Record<string, string>): string;
export function playSteps(page: Page, steps: Step[] | undefined, values: Record<string, string>): Promise<void>;
