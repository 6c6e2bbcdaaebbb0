import { z } from 'zod';

/** POST /auth/2fa/setup: what the authenticator app scans (the QR is a PNG data URL of `otpauthUrl`). */
export const twoFactorSetup = z.object({
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Six digits from the app (spaces ignored). */
export const totpCodeField = z
  .string({ error: 'Informe o código de 6 dígitos do aplicativo.' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Informe o código de 6 dígitos do aplicativo.'));

export const twoFactorEnableBody = z.object({ code: totpCodeField });
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBody>;

/**
 * POST /auth/2fa/disable: a code from the app (6 digits) or an unused recovery code proves the
 * phone (or the paper) is still at hand, not only the session.
 */
export const twoFactorDisableBody = z.object({
  code: z
    .string({ error: 'Informe o código.' })
    .trim()
    .min(6, 'Informe o código de 6 dígitos ou um código de recuperação.')
    .max(40, 'Código inválido.'),
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

/** After POST /auth/2fa/disable: whether the role needs it (the next sign-in then enrols again). */
export const twoFactorDisabled = z.object({ required: z.boolean() });
export type TwoFactorDisabled = z.infer<typeof twoFactorDisabled>;

/** POST /auth/2fa/enable: the ten single-use recovery codes, shown this once. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** The second step of a sign-in: a code from the app (6 digits) or a recovery code (XXXXX-XXXXX). */
export const twoFactorVerifyBody = z.object({
  challenge: z.string({ error: 'Entre de novo com e-mail e senha.' }).min(20).max(200),
  code: z
    .string({ error: 'Informe o código.' })
    .trim()
    .min(6, 'Informe o código de 6 dígitos ou um código de recuperação.')
    .max(40, 'Código inválido.'),
});
export type TwoFactorVerifyBody = z.input<typeof twoFactorVerifyBody>;

/**
 * A login of an account with two-factor answers 202 with this instead of a session. `enrol`: the
 * account must set it up first (STAFF_2FA_REQUIRED): scan it, then verify a code with the challenge.
 */
export const loginChallenge = z.object({
  challenge: z.string(),
  enrol: twoFactorSetup.optional(),
});
export type LoginChallenge = z.infer<typeof loginChallenge>;

/** Whether the account signs in with a second step (GET /auth/2fa). */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** recovery codes not used yet */
  recoveryCodesLeft: z.number(),
  /** STAFF_2FA_REQUIRED and this role: it cannot be left off */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
