/** The admin the server creates at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const ADMIN_EMAIL = 'admin@petshop.test';
export const ADMIN_PASSWORD = 'admin-e2e-senha';
