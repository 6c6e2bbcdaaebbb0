/**
 * The domain schemas the shop's forms validate with, in a chunk of their own (zod with them): a form
 * fetches it when a field gets the focus, so pages load without it and forms still check before sending.
 * Admin forms import their schemas directly; they never ride along here.
 */
export {
  addressBody,
  appointmentBody,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  payBody,
  petBody,
  registerBody,
  rescheduleBody,
  resetPasswordBody,
  updateUserBody,
  vaccineBody,
  weightBody,
} from '@petshop/domain';
