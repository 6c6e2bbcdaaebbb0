/** '/admin', '/adminProducts', '/adminAgenda'…: the back office's addresses. */
export const isAdminPath = (path: string): boolean => /^\/admin(?:[A-Z/?#]|$)/.test(path);
