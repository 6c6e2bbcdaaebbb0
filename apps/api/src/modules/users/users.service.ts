import type { registerBody, updateUserBody } from '@petshop/domain';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import type { AuthUser } from '../../plugins/auth';
import { verifyGoogleTicket } from '../auth/google-ticket';
import * as repo from './users.repository';

const NOT_FOUND = 'Usuário não encontrado.';
const EMAIL_TAKEN = 'Este e-mail já está cadastrado.';
const CPF_TAKEN = 'Este CPF já está cadastrado.';

type RegisterInput = z.output<typeof registerBody>;
type UpdateInput = z.output<typeof updateUserBody>;

export async function register(db: Db, config: Config, input: RegisterInput) {
  let emailVerified = false;
  let photoUrl: string | null = null;
  if (input.googleTicket) {
    const ticket = await verifyGoogleTicket(config.JWT_SECRET, input.googleTicket);
    if (ticket.email !== input.email.toLowerCase()) {
      throw conflict('O e-mail não corresponde à conta Google usada.', 'GOOGLE_EMAIL_MISMATCH');
    }
    emailVerified = true;
    photoUrl = ticket.photoURL;
  }
  if (await repo.emailTaken(db, input.email)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
  if (await repo.cpfTaken(db, input.cpf)) throw conflict(CPF_TAKEN, 'CPF_TAKEN');
  const user = await repo.insertUser(db, {
    email: input.email,
    name: input.name,
    cpf: input.cpf,
    phone: input.phone,
    passwordHash: await hashPassword(input.password),
    emailVerified,
    photoUrl,
  });
  if (!user) throw new Error('insert returned nothing');
  return user;
}

/** Customers see only themselves; another id is a 404 so its existence is not revealed. */
export async function getVisible(db: Db, caller: AuthUser, id: number) {
  if (caller.role !== 'admin' && caller.id !== id) throw notFound(NOT_FOUND);
  const user = await repo.findById(db, id);
  if (!user) throw notFound(NOT_FOUND);
  return user;
}

export async function update(db: Db, caller: AuthUser, id: number, input: UpdateInput) {
  const current = await getVisible(db, caller, id);
  if (await repo.emailTaken(db, input.email, id)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
  if (input.cpf && (await repo.cpfTaken(db, input.cpf, id))) throw conflict(CPF_TAKEN, 'CPF_TAKEN');
  const changes: Partial<repo.NewUser> = { name: input.name, email: input.email, phone: input.phone };
  if (input.cpf) changes.cpf = input.cpf;
  if (input.email.toLowerCase() !== current.email.toLowerCase()) changes.emailVerified = false;
  // Only an admin may change a role, and never their own (so the last admin cannot lock everyone out).
  if (caller.role === 'admin' && input.role && caller.id !== id) changes.role = input.role;
  const user = await repo.updateUser(db, id, changes);
  if (!user) throw notFound(NOT_FOUND);
  return user;
}

export async function remove(db: Db, id: number) {
  const user = await repo.findById(db, id);
  if (!user) throw notFound(NOT_FOUND);
  if (user.role === 'admin' && (await repo.countAdmins(db)) <= 1) {
    throw conflict('Não é possível excluir o último administrador.', 'LAST_ADMIN');
  }
  await repo.softDeleteUser(db, id);
}

export async function list(db: Db, limit: number, offset: number) {
  const [items, total] = await Promise.all([repo.listUsers(db, limit, offset), repo.countUsers(db)]);
  return { items, total };
}
