/** Every cart query starts with this key: a change to the cart invalidates it. Zod-free (navbar). */
export const cartKey = ['cart'] as const;
