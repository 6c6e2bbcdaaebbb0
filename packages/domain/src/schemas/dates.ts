import { z } from 'zod';
import { DATE_YEARS, isIsoDate } from '../slots';

export const INVALID_DATE = `Informe uma data válida no formato AAAA-MM-DD, entre ${DATE_YEARS.min} e ${DATE_YEARS.max}.`;

/**
 * Every date the API reads (query, path or body): 'YYYY-MM-DD', a real calendar day, within
 * DATE_YEARS. Outside it the answer is a pt-BR 400, never a database error.
 */
export const calendarDate = (message: string = INVALID_DATE) =>
  z.string({ error: message }).refine(isIsoDate, message).describe('AAAA-MM-DD');
